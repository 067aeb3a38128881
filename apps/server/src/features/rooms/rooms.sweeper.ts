import type { FastifyInstance } from 'fastify';
import { scheduleBackground } from '../../platform/process-role.ts';
import { GUEST_FILE_LIFETIME_MS } from '../guests/guest-files.sweeper.ts';
import {
  deleteRoomUploadsById,
  expiredGuestRooms,
  storageKeysOfUploads,
} from './rooms.repository.ts';
import { failStaleProcessing } from './room-processing.service.ts';

const SWEEP_EVERY_MS = 15 * 60_000;
const BATCH = 100;

/** Guests' designs are kept a day, like their editor files: rows first, then the files. */
export async function sweepGuestRooms(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_FILE_LIFETIME_MS);
  let removed = 0;
  for (;;) {
    const batch = await expiredGuestRooms(app.database.db, before, BATCH);
    if (batch.length === 0) break;
    const keys = await storageKeysOfUploads(app.database.db, batch);
    await deleteRoomUploadsById(
      app.database.db,
      batch.map((b) => b.id),
    );
    await Promise.allSettled(keys.map((key) => app.storage.delete(key)));
    removed += batch.length;
    if (batch.length < BATCH) break;
  }
  return removed;
}

export function scheduleRoomMaintenance(app: FastifyInstance) {
  scheduleBackground(app, {
    name: 'room design maintenance',
    everyMs: SWEEP_EVERY_MS,
    run: () => Promise.all([failStaleProcessing(app), sweepGuestRooms(app)]),
  });
}
