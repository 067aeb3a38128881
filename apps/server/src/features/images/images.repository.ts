import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { imageAnalyses, images } from '../../db/schema/images.ts';
import type { Database } from '../../platform/db.ts';

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;

export async function insertImages(db: Database, rows: NewImage[]): Promise<ImageRow[]> {
  if (rows.length === 0) return [];
  return db.insert(images).values(rows).returning();
}

export async function findImage(db: Database, accountId: string, id: string) {
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.accountId, accountId), eq(images.id, id)));
  return rows[0];
}

export async function findImageByKey(db: Database, accountId: string, storageKey: string) {
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.accountId, accountId), eq(images.storageKey, storageKey)));
  return rows[0];
}

/** Newest first; the gallery and history read this. */
export async function listImages(db: Database, accountId: string, limit = 500) {
  return db
    .select()
    .from(images)
    .where(eq(images.accountId, accountId))
    .orderBy(desc(images.createdAt), desc(images.id))
    .limit(limit);
}

export async function updateImage(
  db: Database,
  accountId: string,
  id: string,
  values: Partial<Pick<NewImage, 'prompt' | 'projectId' | 'parentId' | 'rootId'>>,
) {
  const rows = await db
    .update(images)
    .set(values)
    .where(and(eq(images.accountId, accountId), eq(images.id, id)))
    .returning();
  return rows[0];
}

export async function deleteImageRow(db: Database, accountId: string, id: string) {
  const rows = await db
    .delete(images)
    .where(and(eq(images.accountId, accountId), eq(images.id, id)))
    .returning({ storageKey: images.storageKey });
  return rows[0];
}

export async function storageKeysOfAccount(db: Database, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ key: images.storageKey })
    .from(images)
    .where(eq(images.accountId, accountId));
  return rows.map((r) => r.key);
}

export async function imageCounts(db: Database, accountId: string) {
  const rows = await db
    .select({ kind: images.kind, n: count() })
    .from(images)
    .where(eq(images.accountId, accountId))
    .groupBy(images.kind);
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { uploaded: of('uploaded'), generated: of('generated') };
}

export async function imagesByIds(db: Database, accountId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(images)
    .where(and(eq(images.accountId, accountId), inArray(images.id, ids)));
}

export async function findAnalysis(db: Database, imageId: string) {
  const rows = await db.select().from(imageAnalyses).where(eq(imageAnalyses.imageId, imageId));
  return rows[0];
}

export async function saveAnalysis(db: Database, values: typeof imageAnalyses.$inferInsert) {
  await db
    .insert(imageAnalyses)
    .values(values)
    .onConflictDoUpdate({
      target: imageAnalyses.imageId,
      set: {
        analysis: values.analysis,
        suggestions: values.suggestions,
        category: values.category,
        categoryPrompts: values.categoryPrompts,
        updatedAt: sql`now()`,
      },
    });
}
