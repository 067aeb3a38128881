export * from './common.ts';
export * from './health.ts';
export * from './gallery.ts';
export * from './auth.ts';
export * from './account-sharing.ts';
