import type { FastifyInstance } from 'fastify';

/**
 * Tells the account's other tabs and devices. The image is already stored when this runs, so a
 * bus that is down is logged, not turned into a failed request.
 */
async function publish(app: FastifyInstance, accountId: string, type: string, data: unknown) {
  try {
    await app.events.publish(accountId, { type, data });
  } catch (error) {
    app.log.warn({ err: error, type }, 'could not publish an account event');
  }
}

export const publishImagesUpdated = (
  app: FastifyInstance,
  accountId: string,
  reason: 'uploaded' | 'generated' | 'deleted' | 'updated' | 'reordered',
  ids: string[],
) => publish(app, accountId, 'images-updated', { reason, ids });

export const publishJobProgress = (
  app: FastifyInstance,
  accountId: string,
  job: { jobId: string; status: string; progress: number },
) => publish(app, accountId, 'job-progress', job);

export const publishCredits = (app: FastifyInstance, accountId: string, creditsRemaining: number) =>
  publish(app, accountId, 'credits-updated', { creditsRemaining });
