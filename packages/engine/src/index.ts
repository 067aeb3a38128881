/**
 * The image engine. Capabilities (edit, generate, preset, analyze, ...) arrive with the images
 * issue; until then the engine only names itself so the server can report it.
 */
export const ENGINE_NAME = 'local';
