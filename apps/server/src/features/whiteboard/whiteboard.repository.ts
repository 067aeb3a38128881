import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { images } from '../../db/schema/images.ts';
import { users } from '../../db/schema/users.ts';
import { whiteboards } from '../../db/schema/whiteboards.ts';
import type { Database } from '../../platform/db.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;
export type WhiteboardRow = typeof whiteboards.$inferSelect;

/** project null: the account's default board. */
const boardOf = (accountId: string, projectId: string | null) =>
  and(
    eq(whiteboards.accountId, accountId),
    projectId === null ? isNull(whiteboards.projectId) : eq(whiteboards.projectId, projectId),
  );

export async function findBoard(db: Executor, accountId: string, projectId: string | null) {
  const rows = await db.select().from(whiteboards).where(boardOf(accountId, projectId));
  return rows[0];
}

/** The board's row, locked until the transaction ends; created empty (version 0) when missing. */
export async function lockBoard(
  tx: Tx,
  accountId: string,
  projectId: string | null,
  emptyDocument: unknown,
): Promise<WhiteboardRow> {
  await tx
    .insert(whiteboards)
    .values({ accountId, projectId, document: emptyDocument, version: 0 })
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(whiteboards)
    .where(boardOf(accountId, projectId))
    .for('update');
  return rows[0]!;
}

/**
 * Writes the document when the stored version is still `expected` (0: no board yet), as one
 * statement, so two saves from the same version never both win. Undefined: the version is stale.
 */
export async function saveBoard(
  db: Executor,
  accountId: string,
  projectId: string | null,
  expected: number,
  document: unknown,
  savedBy: string,
) {
  if (expected === 0) {
    const inserted = await db
      .insert(whiteboards)
      .values({ accountId, projectId, document, version: 1, updatedBy: savedBy })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) return inserted[0];
  }
  const rows = await db
    .update(whiteboards)
    .set({
      document,
      version: sql`${whiteboards.version} + 1`,
      updatedAt: sql`now()`,
      updatedBy: savedBy,
    })
    .where(and(boardOf(accountId, projectId), eq(whiteboards.version, expected)))
    .returning();
  return rows[0];
}

/** Which of these storage keys name images of the account (ownership, not a file check). */
export async function ownedStorageKeys(db: Executor, accountId: string, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: images.storageKey })
    .from(images)
    .where(and(eq(images.accountId, accountId), inArray(images.storageKey, keys)));
  return new Set(rows.map((r) => r.key));
}

/** How a person is named to the others sharing the account: their name, else their address. */
export async function personName(db: Executor, userId: string) {
  const rows = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const row = rows[0];
  if (!row) return undefined;
  return [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email;
}
