import { and, eq, gte, sql } from 'drizzle-orm';
import { creditBalances, creditLedger } from '../db/schema/credits.ts';
import type { Database } from './db.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export interface LedgerEntry {
  delta: number;
  reason: string;
  reference?: string;
  idempotencyKey: string;
}

/** Creates the balance with the starting grant the first time an account is seen. */
export async function ensureBalance(db: Executor, accountId: string, startingGrant: number) {
  const inserted = await db
    .insert(creditBalances)
    .values({ accountId, credits: startingGrant })
    .onConflictDoNothing()
    .returning({ credits: creditBalances.credits });
  if (inserted.length > 0 && startingGrant !== 0) {
    await db.insert(creditLedger).values({
      accountId,
      delta: startingGrant,
      reason: 'starting_grant',
      idempotencyKey: `starting-grant:${accountId}`,
    });
  }
}

export async function balanceOf(db: Executor, accountId: string): Promise<number | undefined> {
  const rows = await db
    .select({ credits: creditBalances.credits })
    .from(creditBalances)
    .where(eq(creditBalances.accountId, accountId));
  return rows[0]?.credits;
}

/**
 * Takes `amount` credits if, and only if, the balance covers it: one guarded UPDATE, so
 * concurrent spends can never take the balance below zero. Returns the new balance or undefined.
 */
export async function debit(
  db: Executor,
  accountId: string,
  amount: number,
  entry: Omit<LedgerEntry, 'delta'>,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(creditBalances)
      .set({ credits: sql`${creditBalances.credits} - ${amount}`, updatedAt: new Date() })
      .where(and(eq(creditBalances.accountId, accountId), gte(creditBalances.credits, amount)))
      .returning({ credits: creditBalances.credits });
    const row = updated[0];
    if (!row) return undefined;
    await tx.insert(creditLedger).values({ accountId, delta: -amount, ...entry });
    return row.credits;
  });
}

/** Adds credits once per idempotency key (refunds, grants, purchases). Returns false if seen. */
export async function credit(
  db: Executor,
  accountId: string,
  amount: number,
  entry: Omit<LedgerEntry, 'delta'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(creditLedger)
      .values({ accountId, delta: amount, ...entry })
      .onConflictDoNothing({ target: creditLedger.idempotencyKey })
      .returning({ id: creditLedger.id });
    if (inserted.length === 0) return false;
    await tx
      .update(creditBalances)
      .set({ credits: sql`${creditBalances.credits} + ${amount}`, updatedAt: new Date() })
      .where(eq(creditBalances.accountId, accountId));
    return true;
  });
}

export async function ledgerSum(db: Executor, accountId: string): Promise<number> {
  const rows = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.accountId, accountId));
  return Number(rows[0]?.total ?? 0);
}
