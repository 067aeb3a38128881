import type { FastifyInstance } from 'fastify';
import {
  CARD_DECLINED_MESSAGE,
  TEST_CARD_DECLINED,
  type TestCardRequest,
} from '@image-lab/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import { hashToken } from '../../platform/secrets.ts';
import { checkTestCard } from './test-card.ts';
import { applyBillingEvent } from './billing-changes.ts';
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
} from './billing.repository.ts';
import {
  localEvent,
  localId,
  localSubscriptions,
  paymentSecretFor,
  paymentSecretKey,
  secretFor,
  snapshotOf,
} from './local-subscriptions.ts';

export interface LocalPaymentsProvider extends BillingProvider {
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
export function createLocalPaymentsProvider(app: FastifyInstance): LocalPaymentsProvider {
  const db = app.database.db;
  const event = localEvent;

  async function customerOf(accountId: string) {
    const known = (await findBillingAccount(db, accountId))?.customerId;
    return known ?? saveCustomerId(db, accountId, localId('cus'));
  }

  const { changePlan, confirmSubscription, renewOne } = localSubscriptions(app);

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
      const secretKey = await paymentSecretKey(app);
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
        // Like Stripe's: one secret per payment, the same for every tab that asks for it.
        const clientSecret = paymentSecretFor(secretKey, pending.intentId!);
        const secretHash = hashToken(clientSecret);
        if (pending.clientSecretHash !== secretHash) {
          await updatePayment(tx, pending.id, { clientSecretHash: secretHash });
        }
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
