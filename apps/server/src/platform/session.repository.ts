import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accountShares, sessions, users } from '../db/schema/index.ts';
import type { Database } from './db.ts';

// The queries every request's session needs: who is signed in, and whose account they act on.
const owner = alias(users, 'owner');

export type UserRow = typeof users.$inferSelect;

export async function insertSession(
  db: Database,
  values: { idHash: string; userId: string; expiresAt: Date },
) {
  await db.insert(sessions).values(values);
}

export async function findSessionWithUser(db: Database, idHash: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, idHash));
  return rows[0];
}

export async function touchSession(db: Database, idHash: string) {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Database, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** The share that lets `granteeId` act on `ownerId`'s account, with the owner's details. */
export async function findShare(db: Database, ownerId: string, granteeId: string) {
  const rows = await db
    .select({
      permissions: accountShares.permissions,
      ownerId: owner.id,
      ownerEmail: owner.email,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
    })
    .from(accountShares)
    .innerJoin(owner, eq(owner.id, accountShares.ownerId))
    .where(and(eq(accountShares.ownerId, ownerId), eq(accountShares.granteeId, granteeId)));
  return rows[0];
}

export async function setActingAccount(db: Database, sessionHash: string, ownerId: string | null) {
  await db
    .update(sessions)
    .set({ actingAccountId: ownerId })
    .where(eq(sessions.idHash, sessionHash));
}
