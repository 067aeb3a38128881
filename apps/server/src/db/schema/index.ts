export * from './users.ts';
export * from './credits.ts';
export * from './account-shares.ts';
export * from './oauth-accounts.ts';
export * from './images.ts';
export * from './guests.ts';
export * from './projects.ts';
export * from './whiteboards.ts';
