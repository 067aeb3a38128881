import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { creditBalances, creditLedger, users } from '../src/db/schema/index.ts';
import { insertSession } from '../src/platform/session.repository.ts';
import { hashToken, randomToken } from '../src/platform/secrets.ts';
import { balanceOf, ensureBalance } from '../src/platform/credits.repository.ts';
import type { Database } from '../src/platform/db.ts';

/** A user row with a unique e-mail; tests share one database, so nothing assumes empty tables. */
export async function newUserRow(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${crypto.randomUUID()}@example.test`,
      firstName: 'Test',
      lastName: 'User',
      ...overrides,
    })
    .returning();
  return user!;
}

/** A signed-in person without going through registration: a user row and a session cookie. */
export async function newSignedInUser(
  app: App,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const user = await newUserRow(app.database.db, { emailVerifiedAt: new Date(), ...overrides });
  const token = randomToken();
  await insertSession(app.database.db, {
    idHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return { user, token, headers: { cookie: `sid=${token}` } };
}

/** Sets an account's balance exactly (the ledger gets a matching adjustment). */
export async function setCredits(app: App, accountId: string, credits: number) {
  const db = app.database.db;
  await ensureBalance(db, accountId, 0);
  const current = (await balanceOf(db, accountId)) ?? 0;
  await db.update(creditBalances).set({ credits }).where(eq(creditBalances.accountId, accountId));
  await db.insert(creditLedger).values({
    accountId,
    delta: credits - current,
    reason: 'test_adjustment',
    idempotencyKey: `test:${crypto.randomUUID()}`,
  });
}
