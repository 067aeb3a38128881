import type { FastifyInstance } from 'fastify';
import { scheduleBackground } from '../../platform/process-role.ts';
import { expiredGuestFiles, forgetGuestFiles, forgetOldUsage } from './guest.repository.ts';

export const GUEST_FILE_LIFETIME_MS = 24 * 3600_000;
const SWEEP_EVERY_MS = 15 * 60_000;
const BATCH = 200;

/** Removes guests' files older than a day, in batches, files first and then their rows. */
export async function sweepGuestFiles(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_FILE_LIFETIME_MS);
  let removed = 0;
  for (;;) {
    const batch = await expiredGuestFiles(app.database.db, before, BATCH);
    if (batch.length === 0) break;
    const keys = batch.map((b) => b.key);
    await Promise.allSettled(keys.map((key) => app.storage.delete(key)));
    await forgetGuestFiles(app.database.db, keys);
    removed += keys.length;
    if (batch.length < BATCH) break;
  }
  await forgetOldUsage(app.database.db);
  return removed;
}

/** Sweeps once the server is ready and then every quarter of an hour until it closes. */
export function scheduleGuestSweeps(app: FastifyInstance) {
  scheduleBackground(app, {
    name: 'sweeping guest files',
    everyMs: SWEEP_EVERY_MS,
    run: () => sweepGuestFiles(app),
  });
}
