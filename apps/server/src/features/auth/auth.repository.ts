import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { authTokens, sessions, users } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: Database, email: string) {
  const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return rows[0];
}

export async function findUserById(db: Database, id: string) {
  const rows = await db.select().from(users).where(eq(users.id, id));
  return rows[0];
}

/** Inserts a user unless the address is taken; returns undefined when it is. */
export async function insertUser(
  db: Database,
  values: { email: string; passwordHash: string; firstName: string; lastName?: string },
) {
  const rows = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase(), lastName: values.lastName ?? null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return rows[0];
}

export async function setPassword(db: Database, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setKeepsPublicLocation(db: Database, userId: string, keeps: boolean) {
  await db
    .update(users)
    .set({ keepsPublicLocation: keeps, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function markEmailVerified(db: Database, userId: string) {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function deleteSessionsOfUser(db: Database, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function insertToken(
  db: Database,
  values: { idHash: string; userId: string; purpose: TokenPurpose; expiresAt: Date },
) {
  await db.insert(authTokens).values(values);
}

/**
 * Marks a token used and returns its user, only if it exists, has this purpose, is unused and
 * unexpired: one UPDATE, so two clicks on the same link cannot both succeed.
 */
export async function consumeToken(db: Database, idHash: string, purpose: TokenPurpose) {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.idHash, idHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: authTokens.userId });
  return rows[0]?.userId;
}

export async function findValidToken(db: Database, idHash: string, purpose: TokenPurpose) {
  const rows = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.idHash, idHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    );
  return rows[0]?.userId;
}
