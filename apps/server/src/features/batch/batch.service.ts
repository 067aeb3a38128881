import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  BATCH_MAX_IMAGES,
  NO_BATCH_IMAGES,
  TOO_MANY_BATCH_IMAGES,
  type Batch,
  type CreateBatchRequest,
} from '@image-lab/contract';
import { publishCredits } from '../../platform/account-events.ts';
import { balanceOf, debit, ensureBalance } from '../../platform/credits.repository.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { OUT_OF_CREDITS } from '../../platform/credit-payer.ts';
import { imagesByIds } from '../images/images.repository.ts';
import { resolveOwnImage } from '../images/images.service.ts';
import { EDIT_JOB } from '../generation/edit.job.ts';
import {
  GUEST_LIMIT_REACHED,
  allowanceCounters,
  resolveGuestImage,
} from '../guests/guest.service.ts';
import { takeAllowance } from '../guests/guest.repository.ts';
import { assertOwnProject } from '../projects/projects.service.ts';
import { insertProject } from '../projects/projects.repository.ts';
import { insertReservedJobs, type ReservedJob } from './batch-jobs.repository.ts';
import { resolveOperation, stepCredits, stepLabel } from './batch-operation.ts';
import { driveBatch } from './batch-runner.ts';
import { publishBatchProgress, type BatchOwner } from './batch-owner.ts';
import { insertBatch, insertItems } from './batch.repository.ts';
import { batchView } from './batch-view.ts';

export const noBatchImages = () => new AppError(400, 'no_images', NO_BATCH_IMAGES, 'No Images');
/** Over the limit; a visitor's limit is the day's free edits. */
export const tooManyImages = (guestLimit?: number) =>
  new AppError(
    400,
    'too_many_images',
    guestLimit === undefined
      ? TOO_MANY_BATCH_IMAGES
      : `Without an account a batch can hold at most ${guestLimit} images (the day’s free edits).`,
    'Too Many Images',
  );
const LOGIN_FOR_PROJECTS = 'Sign in to save projects.';

interface Source {
  imageId: string | null;
  key: string;
}

/** The images named, each once, in the order given: all the owner's, or nothing happens (404). */
async function sourcesOf(
  app: FastifyInstance,
  owner: BatchOwner,
  input: CreateBatchRequest,
): Promise<Source[]> {
  const ids = [...new Set(input.imageIds ?? [])];
  const urls = [...new Set(input.imageUrls ?? [])];
  if (ids.length + urls.length === 0) throw noBatchImages();
  if (ids.length + urls.length > BATCH_MAX_IMAGES) throw tooManyImages();
  if (owner.kind === 'guest') {
    if (ids.length > 0) throw notFound('Image not found');
    const keys = [];
    for (const url of urls) keys.push(await resolveGuestImage(app, owner.guest.hash, url));
    return [...new Set(keys)].map((key) => ({ imageId: null, key }));
  }
  const rows = await imagesByIds(app.database.db, owner.accountId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const sources: Source[] = ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound('Image not found');
    return { imageId: row.id, key: row.storageKey };
  });
  for (const url of urls) {
    const row = await resolveOwnImage(app, owner.accountId, url);
    sources.push({ imageId: row.id, key: row.storageKey });
  }
  const seen = new Set<string>();
  const unique = sources.filter((s) => !seen.has(s.key) && seen.add(s.key));
  if (unique.length > BATCH_MAX_IMAGES) throw tooManyImages();
  return unique;
}

/**
 * Starts a batch: every request error is refused before anything is taken; then, in one
 * transaction, the price of every image and step is reserved (an account's credits on a leased
 * job row per step, a visitor's free results on each image's row), the project made when a new
 * one was asked for, and the batch and its images written. The images then run in this process,
 * each step through the one paid-job path; if the process dies, the sweep gives back the rest.
 */
export async function createBatch(
  app: FastifyInstance,
  owner: BatchOwner,
  input: CreateBatchRequest,
): Promise<Batch> {
  const db = app.database.db;
  const sources = await sourcesOf(app, owner, input);
  const operation = await resolveOperation(
    app,
    owner.kind === 'account' ? { kind: 'account', accountId: owner.accountId } : { kind: 'guest' },
    input.operation,
  );
  const steps = operation.record.steps;
  const total = sources.length * operation.creditsPerImage;
  const project = input.project;
  if (project && owner.kind === 'guest') {
    throw new AppError(401, 'login_required', LOGIN_FOR_PROJECTS, 'Login Required');
  }
  if (project?.kind === 'existing' && owner.kind === 'account') {
    await assertOwnProject(db, owner.accountId, project.id);
  }
  if (owner.kind === 'account')
    await ensureBalance(db, owner.accountId, app.config.startingCredits);

  const batchId = crypto.randomUUID();
  const counters = owner.kind === 'guest' ? allowanceCounters(app, owner.guest) : [];
  await db.transaction(async (tx) => {
    if (owner.kind === 'account') {
      const left = await debit(tx, owner.accountId, total, {
        reason: 'batch',
        reference: batchId,
        idempotencyKey: `batch:${batchId}`,
      });
      if (left === undefined) {
        throw new AppError(402, 'out_of_credits', OUT_OF_CREDITS, 'Out of Credits');
      }
    } else if (!(await takeAllowance(tx, counters, total))) {
      throw new AppError(402, 'guest_limit', GUEST_LIMIT_REACHED, 'Free Edits Used');
    }
    const projectId =
      project?.kind === 'new' && owner.kind === 'account'
        ? (await insertProject(tx, { accountId: owner.accountId, name: project.name })).id
        : project?.kind === 'existing'
          ? project.id
          : null;
    await insertBatch(tx, {
      id: batchId,
      accountId: owner.kind === 'account' ? owner.accountId : null,
      guestHash: owner.kind === 'guest' ? owner.guest.hash : null,
      allowanceKeys: owner.kind === 'guest' ? counters.map((c) => c.key) : null,
      operation: operation.record,
      projectId,
      status: 'running',
      creditsPerImage: operation.creditsPerImage,
      leaseMs: app.config.jobLeaseMs,
    });
    const jobRows: ReservedJob[] = [];
    const items = sources.map((source, position) => {
      const jobIds =
        owner.kind === 'account'
          ? steps.map((step) => {
              const id = crypto.randomUUID();
              jobRows.push({
                id,
                accountId: owner.accountId,
                batchId,
                kind: EDIT_JOB,
                creditsReserved: stepCredits(step),
                label: stepLabel(step),
              });
              return id;
            })
          : null;
      return {
        batchId,
        position,
        sourceImageId: source.imageId,
        sourceKey: source.key,
        status: 'queued' as const,
        jobIds,
        allowanceHeld: owner.kind === 'guest' ? operation.creditsPerImage : 0,
      };
    });
    await insertItems(tx, items);
    await insertReservedJobs(tx, jobRows, app.config.jobLeaseMs);
  });

  if (owner.kind === 'account') {
    await publishCredits(app, owner.accountId, (await balanceOf(db, owner.accountId)) ?? 0);
    if (project?.kind === 'new') {
      await app.events.publish(owner.accountId, { type: 'projects-updated', data: {} });
    }
  }
  await publishBatchProgress(app, owner, { batchId, status: 'running' });
  driveBatch(app, batchId);
  return batchView(app, owner, batchId);
}
