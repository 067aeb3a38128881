import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  MORE_ROOM_STYLE_IDS,
  MORE_STYLES_TOKENS,
  NOT_ENOUGH_TOKENS,
  ROOM_PROCESSING_FAILED,
  ROOM_STYLE_IDS,
  type MoreStylesResponse,
  type ProcessRoomResponse,
} from '@image-lab/contract';
import { AppError } from '../../platform/errors.ts';
import { billingFlags } from '../billing/billing.service.ts';
import { balanceOf, ensureBalance } from '../../platform/credits.repository.ts';
import { completeJob } from '../../platform/job-completion.ts';
import { failureAnswer, removeWrittenFiles } from '../../platform/job-failure.ts';
import { startLeasedJob } from '../../platform/job-leases.ts';
import { failJob, markJob } from '../../platform/jobs.repository.ts';
import { publishCredits, publishJobProgress } from '../../platform/account-events.ts';
import { returnGuestAllowance, takeGuestAllowance } from '../guests/guest.service.ts';
import {
  ROOM_DESIGN_JOB,
  ROOM_STYLES_JOB,
  fileName,
  type RoomDesignPayload,
  type RoomDesignResult,
  type RoomStylesPayload,
  type StoredVariation,
} from './rooms.job.ts';
import { eventChannelOf, type RoomOwner } from './room-owner.ts';
import {
  insertVariations,
  staleProcessing,
  updateRoomUpload,
  variationsOf,
  type RoomUploadRow,
} from './rooms.repository.ts';
import { reportKey } from './room-reports.ts';
import { orderedVariations, ownRoomUpload, roomKey } from './rooms.service.ts';

const GUEST_RESULTS_PER_DESIGN = 1;
/** A design still 'processing' this long after its last progress was left by a stopped server. */
const STALE_AFTER_MS = 10 * 60_000;
/** Keyed by the job runner: plugins see their own Fastify instance, but share its decorations. */
const inFlight = new WeakMap<object, Set<Promise<void>>>();

const folderOf = (owner: RoomOwner, id: string) => roomKey(owner, id, '');
const roomFiles = (owner: RoomOwner, id: string, row: RoomUploadRow) => ({
  folder: folderOf(owner, id),
  workingKey: row.workingKey ?? '',
  processedKey: row.processedKey ?? '',
  maskKey: row.maskKey ?? '',
});

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

const variationRow = (v: StoredVariation) => ({
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

const notEnoughTokens = () =>
  new AppError(402, 'not_enough_tokens', NOT_ENOUGH_TOKENS, 'Not Enough Tokens');

/**
 * 'More styles' (working areas §5, §9): an active subscription and at least 10 tokens; 10 are
 * taken before the job and given back if it fails. Accounts with the premium room upgrade get
 * them without a subscription and without cost. Adds the styles the design does not have.
 */
export async function moreStyles(
  app: FastifyInstance,
  owner: RoomOwner,
  id: string,
): Promise<MoreStylesResponse> {
  if (owner.kind !== 'account') throw notEnoughTokens();
  const db = app.database.db;
  const row = await ownRoomUpload(app, owner, id);
  if (row.status !== 'completed' || !row.workingKey || !row.processedKey || !row.maskKey) {
    throw new AppError(409, 'not_processed', 'Process the room before asking for more styles.');
  }
  const have = new Set((await variationsOf(db, [id])).map((v) => v.style));
  const styles = MORE_ROOM_STYLE_IDS.filter((s) => !have.has(s));
  if (styles.length === 0) {
    throw new AppError(409, 'no_more_styles', 'Every style has been made for this design.');
  }
  const flags = await billingFlags(db, owner.accountId);
  // The premium room upgrade ('Unlock unlimited AI-powered room designs') makes them free.
  const cost = flags.premiumRooms ? 0 : MORE_STYLES_TOKENS;
  if (cost > 0 && !flags.subscribed) throw notEnoughTokens();
  await ensureBalance(db, owner.accountId, app.config.startingCredits);
  const jobId = crypto.randomUUID();
  const keys = Object.fromEntries(
    styles.map((style) => [style, `${folderOf(owner, id)}${fileName(style, 'jpg')}`]),
  );
  const written = Object.values(keys).flatMap((key) => [key, reportKey(key)]);
  const lease = await startLeasedJob(app, {
    id: jobId,
    accountId: owner.accountId,
    kind: ROOM_STYLES_JOB,
    creditsReserved: cost,
    fileKeys: written,
    reason: 'room_styles',
  });
  if (!lease) throw notEnoughTokens();
  if (cost > 0) await publishCredits(app, owner.accountId, lease.reserved);
  const progress = (value: number, status = 'running') =>
    publishJobProgress(app, owner.accountId, { jobId, status, progress: value });
  let job: Promise<StoredVariation[]> | undefined;
  try {
    await markJob(db, jobId, { status: 'running' });
    job = app.jobs.run<RoomStylesPayload, StoredVariation[]>(
      ROOM_STYLES_JOB,
      { ...roomFiles(owner, id, row), styles, keys },
      { onProgress: (p) => void progress(p) },
    );
    const stored = await job;
    const { rows } = await completeJob(db, jobId, async (tx) => ({
      rows: await insertVariations(
        tx,
        stored.map((v) => ({ uploadId: id, ...variationRow(v) })),
      ),
      used: cost,
    }));
    await progress(100, 'succeeded');
    return {
      variations: orderedVariations(rows),
      creditsUsed: cost,
      creditsRemaining: (await balanceOf(db, owner.accountId)) ?? 0,
    };
  } catch (error) {
    const answer = failureAnswer(
      app,
      error,
      new AppError(
        500,
        'generation_failed',
        'Failed to generate more styles. Please try again.',
        'Generation Failed',
      ),
      jobId,
    );
    // Refunds the reservation with the status change, unless the sweep already did both.
    await failJob(db, jobId, answer.message);
    await progress(0, 'failed');
    await publishCredits(app, owner.accountId, (await balanceOf(db, owner.accountId)) ?? 0);
    await removeWrittenFiles(app, written, job, error);
    throw answer;
  } finally {
    lease.release();
  }
}
