import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  ROOM_PROCESSING_FAILED,
  ROOM_STYLE_IDS,
  type ProcessRoomResponse,
} from '@image-lab/contract';
import { AppError } from '../../platform/errors.ts';
import { publishJobProgress } from '../../platform/account-events.ts';
import { returnGuestAllowance, takeGuestAllowance } from '../guests/guest.service.ts';
import {
  ROOM_DESIGN_JOB,
  type RoomDesignPayload,
  type RoomDesignResult,
  type StoredVariation,
} from './rooms.job.ts';
import { eventChannelOf, type RoomOwner } from './room-owner.ts';
import {
  insertVariations,
  staleProcessing,
  updateRoomUpload,
  type RoomUploadRow,
} from './rooms.repository.ts';
import { ownRoomUpload, roomKey } from './rooms.service.ts';

const GUEST_RESULTS_PER_DESIGN = 1;
/** A design still 'processing' this long after its last progress was left by a stopped server. */
const STALE_AFTER_MS = 10 * 60_000;
/** Keyed by the job runner: plugins see their own Fastify instance, but share its decorations. */
const inFlight = new WeakMap<object, Set<Promise<void>>>();

export const folderOf = (owner: RoomOwner, id: string) => roomKey(owner, id, '');

function progressReporter(app: FastifyInstance, owner: RoomOwner, uploadId: string, jobId: string) {
  const channel = eventChannelOf(owner);
  let stored = 0;
  return async (progress: number, status = 'running') => {
    if (channel) await publishJobProgress(app, channel, { jobId, status, progress });
    // The row is what guests poll and what a reload shows: every 5 % is enough.
    if (status === 'running' && progress - stored >= 5) {
      stored = progress;
      await updateRoomUpload(app.database.db, uploadId, { progress }, ['processing']).catch(
        () => undefined,
      );
    }
  };
}

/**
 * POST /api/process-room/{id}: marks the design 'processing' (only from 'uploaded', or
 * 'failed' to try again) and starts the job; the answer comes at once, progress follows over
 * /api/events and in the design's own progress field.
 */
export async function startProcessing(
  app: FastifyInstance,
  owner: RoomOwner,
  id: string,
  ip: string,
): Promise<ProcessRoomResponse> {
  const row = await ownRoomUpload(app, owner, id);
  if (row.status === 'processing' || row.status === 'completed') {
    throw new AppError(409, `already_${row.status}`, `This room design is already ${row.status}.`);
  }
  // A visitor's design is one free result of the day, from the guest and from its address.
  const guest = owner.kind === 'guest' ? { hash: owner.guestHash, ip } : undefined;
  if (guest) await takeGuestAllowance(app, guest, GUEST_RESULTS_PER_DESIGN);
  const jobId = crypto.randomUUID();
  const claimed = await updateRoomUpload(
    app.database.db,
    id,
    { status: 'processing', progress: 0, jobId, error: null },
    ['uploaded', 'failed'],
  );
  if (!claimed) {
    if (guest) await returnGuestAllowance(app, guest, GUEST_RESULTS_PER_DESIGN);
    throw new AppError(409, 'already_processing', 'This room design is already processing.');
  }
  const work = runProcessing(app, owner, row, jobId).then(async (ok) => {
    if (!ok && guest) await returnGuestAllowance(app, guest, GUEST_RESULTS_PER_DESIGN);
  });
  let running = inFlight.get(app.jobs);
  if (!running) inFlight.set(app.jobs, (running = new Set()));
  running.add(work);
  void work.finally(() => running.delete(work));
  return { uploadId: id, jobId, status: 'processing' };
}

async function runProcessing(
  app: FastifyInstance,
  owner: RoomOwner,
  row: RoomUploadRow,
  jobId: string,
): Promise<boolean> {
  const report = progressReporter(app, owner, row.id, jobId);
  const db = app.database.db;
  try {
    await report(0);
    const payload: RoomDesignPayload = {
      folder: folderOf(owner, row.id),
      originalKey: row.originalKey,
      styles: [...ROOM_STYLE_IDS],
    };
    const result = await app.jobs.run<RoomDesignPayload, RoomDesignResult>(
      ROOM_DESIGN_JOB,
      payload,
      { onProgress: (p) => void report(p) },
    );
    await db.transaction(async (tx) => {
      await insertVariations(
        tx,
        result.variations.map((v) => ({ uploadId: row.id, ...variationRow(v) })),
      );
      await updateRoomUpload(tx, row.id, {
        status: 'completed',
        progress: 100,
        workingKey: result.workingKey,
        processedKey: result.processedKey,
        maskKey: result.maskKey,
        furniture: result.furniture,
      });
    });
    await report(100, 'succeeded');
    return true;
  } catch (error) {
    app.log.error({ err: error, uploadId: row.id }, 'room processing failed');
    await updateRoomUpload(db, row.id, { status: 'failed', error: ROOM_PROCESSING_FAILED }).catch(
      () => undefined,
    );
    await report(0, 'failed').catch(() => undefined);
    return false;
  }
}

export const variationRow = (v: StoredVariation) => ({
  style: v.style,
  title: v.title,
  storageKey: v.key,
  provider: v.provider,
});

/** Lets tests and shutdown wait for designs being processed in the background. */
export async function settleProcessing(app: FastifyInstance) {
  await Promise.allSettled([...(inFlight.get(app.jobs) ?? [])]);
}

/** At start: designs left 'processing' by a server that stopped are marked failed. */
export async function failStaleProcessing(app: FastifyInstance, now = new Date()) {
  const stale = await staleProcessing(app.database.db, new Date(now.getTime() - STALE_AFTER_MS));
  for (const { id } of stale) {
    await updateRoomUpload(
      app.database.db,
      id,
      { status: 'failed', error: ROOM_PROCESSING_FAILED },
      ['processing'],
    );
  }
  return stale.length;
}
