import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** The error catalogue's moderation toast (foundations §8, working areas §8). */
export const CONTENT_MODERATED_TITLE = 'Content Moderated';
export const CONTENT_MODERATED =
  'The AI detected content that violates safety guidelines. Please try a different prompt.';

export const contentModerated = () =>
  new AppError(422, 'content_moderated', CONTENT_MODERATED, CONTENT_MODERATED_TITLE);

/**
 * Refuses an image the moderation classifier judges not safe for work, before anything is
 * stored or charged. Off with MODERATION=false, or when no provider offers moderation.
 */
export async function refuseUnsafeImage(app: FastifyInstance, image: Buffer): Promise<void> {
  const { enabled, threshold } = app.config.moderation;
  if (!enabled) return;
  const moderator = app.engine.for('moderate');
  if (!moderator?.moderate) return;
  const verdict = await moderator.moderate(image);
  if (verdict.unsafe >= threshold) {
    app.log.info({ unsafe: verdict.unsafe, threshold }, 'image refused by moderation');
    throw contentModerated();
  }
}
