/**
 * The other features each server feature (apps/server/src/features/*) may import. Everything
 * else comes from platform/ or packages/*; a reaction to another feature's event goes through
 * app.accountHooks. Enforced by eslint.config.js, which refuses a map with a loop.
 */
export const serverFeatureImports = {
  'account-sharing': ['auth'],
  auth: ['billing'],
  billing: ['credits'],
  credits: [],
  events: [],
  furniture: ['images', 'rooms'],
  gallery: [],
  generation: ['credits', 'guests', 'images', 'projects'],
  guests: [],
  health: [],
  history: ['billing', 'credits', 'images', 'projects'],
  images: ['guests', 'projects'],
  projects: [],
  rooms: ['billing', 'credits', 'guests', 'images'],
  stats: [],
  video: ['credits', 'generation', 'images'],
  whiteboard: ['images', 'projects'],
};
