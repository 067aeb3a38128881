import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CARD_DECLINED_MESSAGE,
  TEST_CARD_DECLINED,
  type TestCardRequest,
} from '@image-lab/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashToken } from '../../platform/secrets.ts';
import { checkTestCard } from './test-card.ts';
import { applyBillingEvent, type SubscriptionSnapshot } from './billing.apply.ts';
import { addMonths, planCredits, planPriceCents, type PlanId } from './billing.plans.ts';
import { higherPlan, highestPlanPaidInPeriod } from './billing.period.ts';
import {
  alreadySubscribed,
  alreadyUnlocked,
  noSubscription,
  type BillingProvider,
} from './billing.provider.ts';
import {
  dueLocalSubscriptions,
  findBillingAccount,
  insertPayment,
  liveSubscription,
  lockAccountBilling,
  paymentBySecret,
  pendingPayment,
  saveCustomerId,
  setSubscriptionSecret,
  subscriptionBySecret,
  updatePayment,
  upsertSubscription,
  type SubscriptionRow,
} from './billing.repository.ts';

const localId = (prefix: string) => `${prefix}_local_${crypto.randomBytes(12).toString('hex')}`;
const secretFor = (id: string) => `${id}_secret_${crypto.randomBytes(24).toString('base64url')}`;

const snapshotOf = (
  row: SubscriptionRow,
  changes: Partial<SubscriptionSnapshot>,
): SubscriptionSnapshot => ({
  id: row.id,
  accountId: row.accountId,
  customerId: row.customerId,
  plan: row.plan,
  status: row.status,
  currentPeriodStart: row.currentPeriodStart,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
  canceledAt: row.canceledAt,
  syncedAt: new Date(),
  ...changes,
});

export interface TestProvider extends BillingProvider {
  /** The local card form's confirmation: 4000 0000 0000 0002 is declined, valid others pay. */
  confirm(
    accountId: string,
    card: { clientSecret: string; cardNumber: string; expiry: string; cvc: string },
  ): Promise<void>;
  /** Bills every test subscription whose period is over, or ends it when it was cancelled. */
  renewDue(now?: Date): Promise<number>;
}

/**
 * Payments without Stripe: the same subscriptions, invoices, payments and ledger entries,
 * written through the same applyBillingEvent as Stripe's webhooks, with `_local_` ids.
 */
export function createTestProvider(app: FastifyInstance): TestProvider {
  const db = app.database.db;
  const event = (kind: string) => ({ id: localId('evt'), type: kind });

  async function customerOf(accountId: string) {
    const known = (await findBillingAccount(db, accountId))?.customerId;
    return known ?? saveCustomerId(db, accountId, localId('cus'));
  }

  async function changePlan(row: SubscriptionRow, plan: PlanId) {
    const now = new Date();
    const snapshot = snapshotOf(row, { plan, cancelAtPeriodEnd: false, syncedAt: now });
    // Charged and granted only above what this period already paid for (decision 029).
    const paid = higherPlan(
      row.plan,
      await highestPlanPaidInPeriod(db, row.id, row.currentPeriodEnd),
    )!;
    const upgrade = planCredits(plan) > planCredits(paid);
    const start = row.currentPeriodStart?.getTime() ?? now.getTime();
    const end = row.currentPeriodEnd?.getTime() ?? now.getTime();
    const remaining = end > start ? Math.max(0, (end - now.getTime()) / (end - start)) : 0;
    await applyBillingEvent(app, event('customer.subscription.updated'), {
      subscriptions: [snapshot],
      ...(upgrade
        ? {
            invoice: {
              id: localId('in'),
              accountId: row.accountId,
              subscriptionId: row.id,
              plan,
              previousPlan: paid,
              amountCents: Math.round((planPriceCents(plan) - planPriceCents(paid)) * remaining),
              currency: 'usd',
              status: 'paid' as const,
              billingReason: 'subscription_update',
              periodEnd: row.currentPeriodEnd,
              hostedUrl: null,
              createdAt: now,
            },
          }
        : {}),
    });
    return {
      clientSecret: null,
      subscriptionId: row.id,
      plan,
      status: row.status,
      mode: 'test' as const,
    };
  }

  async function confirmSubscription(row: SubscriptionRow, declined: boolean) {
    if (row.status !== 'incomplete') {
      throw new AppError(409, 'already_paid', 'This payment has already been completed.');
    }
    const now = new Date();
    const invoice = {
      id: localId('in'),
      accountId: row.accountId,
      subscriptionId: row.id,
      plan: row.plan,
      previousPlan: null,
      amountCents: planPriceCents(row.plan),
      currency: 'usd',
      billingReason: 'subscription_create',
      periodEnd: addMonths(now, 1),
      hostedUrl: null,
      createdAt: now,
    };
    if (declined) {
      // As with Stripe, the subscription stays incomplete and the same form may try again.
      await applyBillingEvent(app, event('invoice.payment_failed'), {
        invoice: { ...invoice, status: 'failed' },
      });
      throw new AppError(402, 'card_declined', CARD_DECLINED_MESSAGE, 'Payment Failed');
    }
    await applyBillingEvent(app, event('invoice.paid'), {
      subscriptions: [
        snapshotOf(row, {
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: invoice.periodEnd,
        }),
      ],
      invoice: { ...invoice, status: 'paid' },
    });
    await setSubscriptionSecret(db, row.id, null);
  }

  async function renewOne(row: SubscriptionRow, now: Date) {
    let current = row;
    // A server that was off for months bills each missed month, as Stripe would have.
    for (let i = 0; i < 24 && current.currentPeriodEnd && current.currentPeriodEnd <= now; i++) {
      const start = current.currentPeriodEnd;
      const stamp = `${row.id}_${start.getTime()}`;
      if (current.cancelAtPeriodEnd) {
        const ended = snapshotOf(current, { status: 'canceled', canceledAt: start, syncedAt: now });
        await applyBillingEvent(
          app,
          { id: `evt_local_end_${stamp}`, type: 'customer.subscription.deleted' },
          {
            subscriptions: [ended],
          },
        );
        return;
      }
      const end = addMonths(start, 1);
      const renewed = snapshotOf(current, {
        currentPeriodStart: start,
        currentPeriodEnd: end,
        syncedAt: now,
      });
      // Ids made from the period, so two sweeps at once bill a month only once.
      await applyBillingEvent(
        app,
        { id: `evt_local_renew_${stamp}`, type: 'invoice.paid' },
        {
          subscriptions: [renewed],
          invoice: {
            id: `in_local_${stamp}`,
            accountId: row.accountId,
            subscriptionId: row.id,
            plan: current.plan,
            previousPlan: null,
            amountCents: planPriceCents(current.plan),
            currency: 'usd',
            status: 'paid',
            billingReason: 'subscription_cycle',
            periodEnd: end,
            hostedUrl: null,
            createdAt: start,
          },
        },
      );
      current = { ...current, currentPeriodStart: start, currentPeriodEnd: end };
    }
  }

  return {
    mode: 'test',

    async subscribe(accountId, plan) {
      const live = await liveSubscription(db, accountId);
      if (live && live.status !== 'incomplete') {
        if (live.plan === plan) throw alreadySubscribed(plan);
        return changePlan(live, plan);
      }
      const customerId = await customerOf(accountId);
      return db.transaction(async (tx) => {
        await lockAccountBilling(tx, accountId);
        const current = await liveSubscription(tx, accountId);
        if (current && current.status !== 'incomplete') throw alreadySubscribed(current.plan);
        if (current && current.plan === plan) {
          // Reused, never duplicated; a fresh secret replaces the one the last form held.
          const clientSecret = secretFor(current.id);
          await setSubscriptionSecret(tx, current.id, hashToken(clientSecret));
          return {
            clientSecret,
            subscriptionId: current.id,
            plan,
            status: current.status,
            mode: 'test' as const,
          };
        }
        if (current) {
          await upsertSubscription(
            tx,
            snapshotOf(current, { status: 'canceled', canceledAt: new Date() }),
          );
        }
        const id = localId('sub');
        const clientSecret = secretFor(id);
        await upsertSubscription(tx, {
          id,
          accountId,
          customerId,
          plan,
          status: 'incomplete',
          clientSecretHash: hashToken(clientSecret),
          syncedAt: new Date(),
        });
        return {
          clientSecret,
          subscriptionId: id,
          plan,
          status: 'incomplete',
          mode: 'test' as const,
        };
      });
    },

    async payOnce(accountId, purchase) {
      if ((await findBillingAccount(db, accountId))?.premiumRoomsAt) throw alreadyUnlocked();
      return db.transaction(async (tx) => {
        await lockAccountBilling(tx, accountId);
        const pending =
          (await pendingPayment(tx, accountId, purchase.purpose)) ??
          (await insertPayment(tx, {
            accountId,
            intentId: localId('pi'),
            purpose: purchase.purpose,
            amountCents: purchase.cents,
            currency: 'usd',
            status: 'pending',
          }));
        const clientSecret = secretFor(pending.intentId!);
        await updatePayment(tx, pending.id, { clientSecretHash: hashToken(clientSecret) });
        return clientSecret;
      });
    },

    async setCancelAtPeriodEnd(accountId, cancel) {
      const live = await liveSubscription(db, accountId);
      if (!live || live.status === 'incomplete') throw noSubscription();
      await applyBillingEvent(app, event('customer.subscription.updated'), {
        subscriptions: [snapshotOf(live, { cancelAtPeriodEnd: cancel })],
      });
    },

    async confirm(accountId, card: TestCardRequest) {
      const digits = checkTestCard(card, new Date());
      const declined = digits === TEST_CARD_DECLINED;
      const secretHash = hashToken(card.clientSecret);
      const subscription = await subscriptionBySecret(db, accountId, secretHash);
      if (subscription) return confirmSubscription(subscription, declined);
      const payment = await paymentBySecret(db, accountId, secretHash);
      if (!payment) throw notFound('This payment could not be found. Please start again.');
      if (payment.status === 'succeeded') {
        throw new AppError(409, 'already_paid', 'This payment has already been completed.');
      }
      await applyBillingEvent(
        app,
        event(declined ? 'payment_intent.payment_failed' : 'payment_intent.succeeded'),
        {
          payment: {
            intentId: payment.intentId!,
            accountId,
            paymentId: payment.id,
            purpose: payment.purpose,
            amountCents: payment.amountCents,
            currency: payment.currency,
            status: declined ? 'failed' : 'succeeded',
            failureMessage: declined ? CARD_DECLINED_MESSAGE : null,
          },
        },
      );
      if (declined)
        throw new AppError(402, 'card_declined', CARD_DECLINED_MESSAGE, 'Payment Failed');
    },

    async renewDue(now = new Date()) {
      const due = await dueLocalSubscriptions(db, now, 100);
      for (const row of due) await renewOne(row, now);
      return due.length;
    },
  };
}
