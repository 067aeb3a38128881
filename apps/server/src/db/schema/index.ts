export * from './users.ts';
export * from './credits.ts';
