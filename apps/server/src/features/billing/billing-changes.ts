import type { FastifyInstance } from 'fastify';
import { balanceOf, credit, ensureBalance } from '../../platform/credits.repository.ts';
import { publishCredits } from '../../platform/account-events.ts';
import { invoiceCredits, type PlanId } from './billing-plans.ts';
import { higherPlan, highestPlanPaidInPeriod } from './billing-period.ts';
import {
  claimEvent,
  unlockPremiumRooms,
  updatePayment,
  upsertInvoice,
  upsertSubscription,
  findPayment,
  insertPayment,
  paymentByIntent,
  type Executor,
} from './billing.repository.ts';

/**
 * The provider-neutral shapes both providers produce. Stripe's webhooks and the local test
 * provider end in the same functions below, so both write the same rows and ledger entries.
 */
export interface SubscriptionSnapshot {
  id: string;
  accountId: string;
  customerId: string;
  plan: PlanId;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** When this state was read from the provider (older reads never overwrite newer ones). */
  syncedAt: Date;
}

export interface InvoiceSnapshot {
  id: string;
  accountId: string;
  subscriptionId: string | null;
  plan: PlanId | null;
  /** On an upgrade's proration invoice, the plan before it. */
  previousPlan: PlanId | null;
  amountCents: number;
  currency: string;
  status: 'paid' | 'failed';
  billingReason: string | null;
  periodEnd: Date | null;
  hostedUrl: string | null;
  createdAt: Date;
}

export interface PaymentSnapshot {
  intentId: string;
  accountId: string;
  /** Our billing_payments row, when the intent names it. */
  paymentId: string | null;
  purpose: 'premium_rooms';
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'failed';
  failureMessage: string | null;
}

export interface BillingChanges {
  subscriptions?: SubscriptionSnapshot[];
  invoice?: InvoiceSnapshot;
  payment?: PaymentSnapshot;
}

export type ApplyResult = 'applied' | 'duplicate';

/**
 * Applies one provider event: its id and every effect commit together or not at all, so an
 * event delivered twice (or handled by two processes at once) changes things exactly once.
 */
export async function applyBillingEvent(
  app: FastifyInstance,
  event: { id: string; type: string },
  changes: BillingChanges,
): Promise<ApplyResult> {
  const touched = new Set<string>();
  const result = await app.database.db.transaction(async (tx) => {
    if (!(await claimEvent(tx, event.id, event.type))) return 'duplicate' as const;
    for (const snapshot of changes.subscriptions ?? []) await writeSubscription(tx, snapshot);
    if (changes.invoice) {
      const granted = await writeInvoice(tx, changes.invoice, app.config.startingCredits);
      if (granted) touched.add(changes.invoice.accountId);
    }
    if (changes.payment) await writePayment(tx, changes.payment);
    return 'applied' as const;
  });
  for (const accountId of touched) {
    const credits = await balanceOf(app.database.db, accountId);
    if (credits !== undefined) await publishCredits(app, accountId, credits);
  }
  return result;
}

async function writeSubscription(tx: Executor, s: SubscriptionSnapshot) {
  await upsertSubscription(tx, {
    id: s.id,
    accountId: s.accountId,
    customerId: s.customerId,
    plan: s.plan,
    status: s.status,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt,
    syncedAt: s.syncedAt,
  });
}

/** Records the invoice and, once paid, grants its credits under the invoice's own key. */
async function writeInvoice(tx: Executor, inv: InvoiceSnapshot, startingCredits: number) {
  // Read before this invoice is written: what the period held before it.
  const paidBefore =
    inv.billingReason === 'subscription_update'
      ? await highestPlanPaidInPeriod(tx, inv.subscriptionId, inv.periodEnd)
      : null;
  await upsertInvoice(tx, {
    id: inv.id,
    accountId: inv.accountId,
    subscriptionId: inv.subscriptionId,
    plan: inv.plan,
    amountCents: inv.amountCents,
    currency: inv.currency,
    status: inv.status,
    billingReason: inv.billingReason,
    periodEnd: inv.periodEnd,
    hostedUrl: inv.hostedUrl,
    createdAt: inv.createdAt,
  });
  if (inv.status !== 'paid') return false;
  const before = higherPlan(inv.previousPlan, paidBefore);
  const amount = invoiceCredits(inv.plan, inv.billingReason, before);
  if (amount <= 0) return false;
  await ensureBalance(tx, inv.accountId, startingCredits);
  return credit(tx, inv.accountId, amount, {
    reason: inv.billingReason === 'subscription_update' ? 'plan_upgrade' : 'subscription',
    reference: inv.id,
    idempotencyKey: `invoice:${inv.id}`,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function writePayment(tx: Executor, p: PaymentSnapshot) {
  const ours = p.paymentId && UUID.test(p.paymentId) ? p.paymentId : null;
  const row =
    (await paymentByIntent(tx, p.intentId)) ??
    (ours ? await findPayment(tx, ours, p.accountId) : undefined);
  if (row) {
    // A success is final: a late failure notice of an earlier attempt does not undo it.
    if (row.status !== 'succeeded') {
      await updatePayment(tx, row.id, {
        intentId: p.intentId,
        status: p.status,
        failureMessage: p.failureMessage,
      });
    }
  } else {
    await insertPayment(tx, {
      accountId: p.accountId,
      intentId: p.intentId,
      purpose: p.purpose,
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status,
      failureMessage: p.failureMessage,
    });
  }
  if (p.status === 'succeeded' && p.purpose === 'premium_rooms') {
    await unlockPremiumRooms(tx, p.accountId, new Date());
  }
}
