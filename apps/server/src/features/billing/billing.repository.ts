import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  billingAccounts,
  billingEvents,
  billingInvoices,
  billingPayments,
  billingSubscriptions,
  creditLedger,
  users,
} from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type PaymentRow = typeof billingPayments.$inferSelect;

export async function findBillingAccount(db: Executor, accountId: string) {
  const rows = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.accountId, accountId));
  return rows[0];
}

export async function accountOfCustomer(db: Executor, customerId: string) {
  const rows = await db
    .select({ accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .where(eq(billingAccounts.customerId, customerId));
  return rows[0]?.accountId;
}

export async function accountExists(db: Executor, accountId: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, accountId));
  return rows.length > 0;
}

export async function emailOf(db: Executor, accountId: string) {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.id, accountId));
  return rows[0]?.email;
}

/** Remembers the customer id; the first one stored wins, so two racing requests agree. */
export async function saveCustomerId(db: Executor, accountId: string, customerId: string) {
  await db
    .insert(billingAccounts)
    .values({ accountId, customerId })
    .onConflictDoUpdate({
      target: billingAccounts.accountId,
      set: { customerId: sql`coalesce(${billingAccounts.customerId}, excluded.customer_id)` },
    });
  return (await findBillingAccount(db, accountId))?.customerId ?? customerId;
}

export async function unlockPremiumRooms(db: Executor, accountId: string, at: Date) {
  await db
    .insert(billingAccounts)
    .values({ accountId, premiumRoomsAt: at })
    .onConflictDoUpdate({
      target: billingAccounts.accountId,
      set: {
        premiumRoomsAt: sql`coalesce(${billingAccounts.premiumRoomsAt}, excluded.premium_rooms_at)`,
      },
    });
}

/** Records an event id; false when it was applied before (the caller then changes nothing). */
export async function claimEvent(db: Executor, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(billingEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

export async function eventSeen(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, id));
  return rows.length > 0;
}

/** Writes the provider's state unless a newer read of it is already stored. */
export async function upsertSubscription(
  db: Executor,
  row: typeof billingSubscriptions.$inferInsert,
): Promise<void> {
  const { id: _id, accountId: _account, createdAt: _created, clientSecretHash, ...state } = row;
  await db
    .insert(billingSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: billingSubscriptions.id,
      set: {
        ...state,
        ...(clientSecretHash !== undefined ? { clientSecretHash } : {}),
      },
      setWhere: sql`${billingSubscriptions.syncedAt} <= excluded.synced_at`,
    });
}

export async function findSubscription(db: Executor, id: string) {
  const rows = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id));
  return rows[0];
}

/** The account's newest subscription that has not ended (incomplete ones included). */
export async function liveSubscription(db: Executor, accountId: string) {
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.accountId, accountId),
        inArray(billingSubscriptions.status, [
          'active',
          'trialing',
          'past_due',
          'unpaid',
          'paused',
          'incomplete',
        ]),
      ),
    )
    .orderBy(
      // A paid-up subscription is the one that counts, whatever incomplete attempt is newer.
      sql`case when ${billingSubscriptions.status} = 'incomplete' then 1 else 0 end`,
      desc(billingSubscriptions.createdAt),
    );
  return rows[0];
}

export async function countSubscriptions(db: Executor, accountId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.accountId, accountId));
  return Number(rows[0]?.n ?? 0);
}

export async function subscriptionBySecret(db: Executor, accountId: string, secretHash: string) {
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.accountId, accountId),
        eq(billingSubscriptions.clientSecretHash, secretHash),
      ),
    );
  return rows[0];
}

/** Subscriptions of the test provider whose period is over (renewal or end of a cancellation). */
export async function dueLocalSubscriptions(db: Executor, now: Date, limit: number) {
  return db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        sql`${billingSubscriptions.id} like 'sub_local_%'`,
        inArray(billingSubscriptions.status, ['active', 'trialing']),
        lt(billingSubscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(limit);
}

export async function upsertInvoice(db: Executor, row: typeof billingInvoices.$inferInsert) {
  const { id: _id, accountId: _account, createdAt: _created, ...state } = row;
  await db
    .insert(billingInvoices)
    .values(row)
    .onConflictDoUpdate({
      target: billingInvoices.id,
      set: state,
      // A paid invoice stays paid whatever late failure notice arrives.
      setWhere: sql`${billingInvoices.status} <> 'paid'`,
    });
}

export async function listInvoices(db: Executor, accountId: string, limit = 50) {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.accountId, accountId))
    .orderBy(desc(billingInvoices.createdAt))
    .limit(limit);
}

export async function insertPayment(db: Executor, row: typeof billingPayments.$inferInsert) {
  const [inserted] = await db.insert(billingPayments).values(row).returning();
  return inserted!;
}

export async function updatePayment(
  db: Executor,
  id: string,
  set: Partial<typeof billingPayments.$inferInsert>,
) {
  await db
    .update(billingPayments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(billingPayments.id, id));
}

export async function pendingPayment(db: Executor, accountId: string, purpose: 'premium_rooms') {
  const rows = await db
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.accountId, accountId),
        eq(billingPayments.purpose, purpose),
        eq(billingPayments.status, 'pending'),
      ),
    )
    .orderBy(desc(billingPayments.createdAt))
    .limit(1);
  return rows[0];
}

export async function findPayment(db: Executor, id: string, accountId: string) {
  const rows = await db
    .select()
    .from(billingPayments)
    .where(and(eq(billingPayments.id, id), eq(billingPayments.accountId, accountId)));
  return rows[0];
}

export async function paymentByIntent(db: Executor, intentId: string) {
  const rows = await db
    .select()
    .from(billingPayments)
    .where(eq(billingPayments.intentId, intentId));
  return rows[0];
}

export async function paymentBySecret(db: Executor, accountId: string, secretHash: string) {
  const rows = await db
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.accountId, accountId),
        eq(billingPayments.clientSecretHash, secretHash),
      ),
    );
  return rows[0];
}

export async function listPayments(db: Executor, accountId: string, limit = 50) {
  return db
    .select()
    .from(billingPayments)
    .where(eq(billingPayments.accountId, accountId))
    .orderBy(desc(billingPayments.createdAt))
    .limit(limit);
}

/** The ledger newest first; the cursor is the id of the last entry of the previous page. */
export async function ledgerPage(db: Executor, accountId: string, limit: number, afterId?: string) {
  return db
    .select()
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.accountId, accountId),
        afterId
          ? sql`(${creditLedger.createdAt}, ${creditLedger.id}) < (select c.created_at, c.id from ${creditLedger} c where c.id = ${afterId} and c.account_id = ${accountId})`
          : undefined,
      ),
    )
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit);
}

/** Serialises one account's billing requests (double clicks) until the transaction ends. */
export async function lockAccountBilling(tx: Executor, accountId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing:${accountId}`}))`);
}

export async function setSubscriptionSecret(db: Executor, id: string, secretHash: string | null) {
  await db
    .update(billingSubscriptions)
    .set({ clientSecretHash: secretHash })
    .where(eq(billingSubscriptions.id, id));
}
