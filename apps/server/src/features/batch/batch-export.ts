import { asc, desc, eq, inArray } from 'drizzle-orm';
import { batches, batchItems } from '../../db/schema/batches.ts';
import type { Database } from '../../platform/db.ts';

/**
 * An account's batches for its data export: what was asked, when, how it ended, and each
 * image's source and result (ids; the images themselves are in the export's `images`).
 */
export async function batchesForExport(db: Database, accountId: string) {
  const rows = await db
    .select()
    .from(batches)
    .where(eq(batches.accountId, accountId))
    .orderBy(desc(batches.createdAt));
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(batchItems)
    .where(
      inArray(
        batchItems.batchId,
        rows.map((b) => b.id),
      ),
    )
    .orderBy(asc(batchItems.position));
  return rows.map((b) => ({
    id: b.id,
    operation: b.operation,
    status: b.status,
    creditsPerImage: b.creditsPerImage,
    createdAt: b.createdAt,
    finishedAt: b.finishedAt,
    items: items
      .filter((i) => i.batchId === b.id)
      .map((i) => ({
        position: i.position,
        status: i.status,
        sourceImageId: i.sourceImageId,
        resultImageId: i.resultImageId,
        errorCode: i.errorCode,
      })),
  }));
}
