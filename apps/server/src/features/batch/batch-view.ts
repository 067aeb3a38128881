import type { FastifyInstance } from 'fastify';
import {
  BATCH_NOT_FOUND,
  type Batch,
  type BatchCounts,
  type BatchSummary,
} from '@image-lab/contract';
import { notFound } from '../../platform/errors.ts';
import { urlOfKey } from '../../platform/own-url.ts';
import { ownerKey, type BatchOwner } from './batch-owner.ts';
import {
  findBatch,
  itemCounts,
  itemsOf,
  jobCredits,
  projectNames,
  recentBatches,
  type BatchItemRow,
  type BatchRow,
} from './batch.repository.ts';
import { batchTiming } from './queue.service.ts';

const DAY_MS = 24 * 3600_000;
const RECENT_BATCHES = 20;

type Credits = BatchSummary['credits'];

function operationOf(row: BatchRow): BatchSummary['operation'] {
  const { kind, name, steps } = row.operation;
  return { kind, name: name ?? null, steps };
}

function summaryOf(
  row: BatchRow,
  counts: BatchCounts,
  credits: Credits,
  project: string | undefined,
  timing: { position: number | null; estimateSeconds: number | null },
): BatchSummary {
  return {
    id: row.id,
    status: row.status,
    operation: operationOf(row),
    project: row.projectId && project ? { id: row.projectId, name: project } : null,
    counts,
    creditsPerImage: row.creditsPerImage,
    credits,
    ...timing,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const emptyCounts = (): BatchCounts => ({
  total: 0,
  queued: 0,
  running: 0,
  succeeded: 0,
  failed: 0,
  cancelled: 0,
});

/** Counts and credits of several batches in two queries. */
async function tallies(app: FastifyInstance, rows: readonly BatchRow[]) {
  const db = app.database.db;
  const ids = rows.map((r) => r.id);
  const counts = new Map(ids.map((id) => [id, emptyCounts()]));
  const held = new Map<string, number>();
  for (const c of await itemCounts(db, ids)) {
    const tally = counts.get(c.batchId)!;
    tally[c.status] += c.n;
    tally.total += c.n;
    held.set(c.batchId, (held.get(c.batchId) ?? 0) + c.held);
  }
  const credits = new Map<string, Credits>(
    ids.map((id) => [id, { used: 0, refunded: 0, held: 0 }]),
  );
  for (const j of await jobCredits(db, ids)) {
    const entry = credits.get(j.batchId!)!;
    if (j.status === 'succeeded') entry.used += j.credits;
    else if (j.status === 'failed') entry.refunded += j.credits;
    else entry.held += j.credits;
  }
  for (const row of rows) {
    if (row.accountId) continue;
    // A visitor's batch holds free results on its images: one per image, per step.
    const tally = counts.get(row.id)!;
    credits.set(row.id, {
      used: tally.succeeded * row.creditsPerImage,
      refunded: (tally.failed + tally.cancelled) * row.creditsPerImage,
      held: held.get(row.id) ?? 0,
    });
  }
  const names = await projectNames(
    db,
    rows.flatMap((r) => (r.projectId ? [r.projectId] : [])),
  );
  return { counts, credits, names };
}

function itemView(item: BatchItemRow, name: string | null): Batch['items'][number] {
  return {
    id: item.id,
    position: item.position,
    sourceImageId: item.sourceImageId,
    sourceUrl: urlOfKey(item.sourceKey),
    name,
    status: item.status,
    progress: item.progress,
    step: item.step,
    resultImageId: item.resultImageId,
    resultUrl: item.status === 'succeeded' && item.resultKey ? urlOfKey(item.resultKey) : null,
    message: item.error,
    code: item.errorCode,
  };
}

/** One batch with each of its images, or 404 when it is not the owner's. */
export async function batchView(
  app: FastifyInstance,
  owner: BatchOwner,
  id: string,
): Promise<Batch> {
  const row = await findBatch(app.database.db, ownerKey(owner), id);
  if (!row) throw notFound(BATCH_NOT_FOUND);
  const rows = await itemsOf(app.database.db, id);
  const items = rows.map((r) => r.item);
  const { counts, credits, names } = await tallies(app, [row]);
  const timing = await batchTiming(app, row, items);
  const summary = summaryOf(
    row,
    counts.get(id)!,
    credits.get(id)!,
    names.get(row.projectId ?? ''),
    timing,
  );
  return { ...summary, items: rows.map((r) => itemView(r.item, r.sourceFilename)) };
}

/** The owner's batches that run or ended within a day, newest first. */
export async function recentBatchSummaries(
  app: FastifyInstance,
  owner: BatchOwner,
): Promise<BatchSummary[]> {
  const db = app.database.db;
  const rows = await recentBatches(
    db,
    ownerKey(owner),
    new Date(Date.now() - DAY_MS),
    RECENT_BATCHES,
  );
  const { counts, credits, names } = await tallies(app, rows);
  return Promise.all(
    rows.map(async (row) => {
      const items = row.status === 'running' ? (await itemsOf(db, row.id)).map((r) => r.item) : [];
      return summaryOf(
        row,
        counts.get(row.id)!,
        credits.get(row.id)!,
        names.get(row.projectId ?? ''),
        await batchTiming(app, row, items),
      );
    }),
  );
}
