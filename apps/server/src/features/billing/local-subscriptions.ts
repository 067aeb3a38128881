import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CARD_DECLINED_MESSAGE } from '@image-lab/contract';
import { AppError } from '../../platform/errors.ts';
import { serverSecret } from '../../platform/server-secrets.ts';
import { applyBillingEvent, type SubscriptionSnapshot } from './billing-changes.ts';
import { addMonths, planCredits, planPriceCents, type PlanId } from './billing-plans.ts';
import { higherPlan, highestPlanPaidInPeriod } from './billing-period.ts';
import { setSubscriptionSecret, type SubscriptionRow } from './billing.repository.ts';

export const localId = (prefix: string) =>
  `${prefix}_local_${crypto.randomBytes(12).toString('hex')}`;
export const secretFor = (id: string) =>
  `${id}_secret_${crypto.randomBytes(24).toString('base64url')}`;

/** The installation's key for one-off payment secrets (read before any transaction). */
export const paymentSecretKey = (app: FastifyInstance) =>
  serverSecret(app, 'local-payment-secrets');

/**
 * A one-off payment's secret: derived from its id with the installation's key, so a second tab
 * that asks for the same pending payment gets the same secret and the first tab's form still works.
 */
export const paymentSecretFor = (key: string, intentId: string) =>
  `${intentId}_secret_${crypto.createHmac('sha256', key).update(intentId).digest('base64url').slice(0, 32)}`;

export const snapshotOf = (
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

export const localEvent = (kind: string) => ({ id: localId('evt'), type: kind });

/**
 * The local provider's subscription changes (a plan change, the first payment, the monthly
 * renewals), each written as the Stripe event it stands for.
 */
export function localSubscriptions(app: FastifyInstance) {
  const db = app.database.db;
  const event = localEvent;

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

  return { changePlan, confirmSubscription, renewOne };
}
