/**
 * The other features each server feature (apps/server/src/features/*) may import. Everything
 * else comes from platform/ or packages/*; a reaction to another feature's event goes through
 * app.accountHooks. Enforced by eslint.config.js, which refuses a map with a loop.
 */
export const serverFeatureImports = {
  'account-sharing': ['auth'],
  auth: ['billing'],
  batch: ['generation', 'guests', 'images', 'projects', 'recipes'],
  billing: [],
  events: [],
  furniture: ['images', 'rooms'],
  gallery: [],
  generation: ['guests', 'images', 'projects'],
  guests: [],
  health: [],
  history: ['billing', 'images', 'projects'],
  images: ['guests', 'projects'],
  projects: [],
  recipes: ['generation', 'images', 'projects'],
  rooms: ['billing', 'guests', 'images'],
  stats: [],
  video: ['images'],
  whiteboard: ['images', 'projects'],
};
