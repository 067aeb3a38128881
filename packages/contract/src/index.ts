export * from './catalogue.ts';
export * from './common.ts';
export * from './health.ts';
export * from './gallery.ts';
export * from './auth.ts';
export * from './account-sharing.ts';
export * from './images.ts';
export * from './generation.ts';
