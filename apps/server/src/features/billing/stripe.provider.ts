import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../platform/errors.ts';
import { applyBillingEvent, type SubscriptionSnapshot } from './billing-changes.ts';
import { higherPlan, highestPlanPaidInPeriod } from './billing-period.ts';
import { isLive, planCredits, type PlanId } from './billing-plans.ts';
import {
  alreadySubscribed,
  alreadyUnlocked,
  noSubscription,
  type BillingProvider,
} from './billing.provider.ts';
import {
  countSubscriptions,
  emailOf,
  findBillingAccount,
  insertPayment,
  liveSubscription,
  lockAccountBilling,
  pendingPayment,
  saveCustomerId,
  updatePayment,
  upsertSubscription,
} from './billing.repository.ts';
import {
  invoiceClientSecret,
  subscriptionSnapshot,
  type StripeSettings,
} from './stripe-objects.ts';

/** Stripe's refusals become a 4xx/5xx with a message a person can read; card errors say why. */
export async function callStripe<T>(app: FastifyInstance, what: string, call: () => Promise<T>) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new AppError(402, 'card_error', error.message, 'Payment Failed');
    }
    app.log.error({ err: error, what }, 'a Stripe call failed');
    throw new AppError(
      502,
      'payment_provider_failed',
      'The payment provider could not be reached. Please try again.',
    );
  }
}

/** Creation calls carry keys derived from our own state, so a retry or a double click finds the first result. */
const key = (...parts: (string | number)[]) => parts.join(':');
/** Reads and flag updates are safe to repeat; their keys only cover the client's own retries. */
const onceKey = (what: string) => `${what}:${crypto.randomUUID()}`;

export function createStripeProvider(
  app: FastifyInstance,
  stripe: Stripe,
  settings: StripeSettings,
): BillingProvider {
  const db = app.database.db;

  async function customerOf(accountId: string): Promise<string> {
    const known = (await findBillingAccount(db, accountId))?.customerId;
    if (known) return known;
    const email = await emailOf(db, accountId);
    const customer = await callStripe(app, 'customers.create', () =>
      stripe.customers.create(
        { email, metadata: { accountId } },
        { idempotencyKey: key('customer', accountId) },
      ),
    );
    return saveCustomerId(db, accountId, customer.id);
  }

  async function readSubscription(id: string) {
    const syncedAt = new Date();
    const sub = await callStripe(app, 'subscriptions.retrieve', () =>
      stripe.subscriptions.retrieve(
        id,
        { expand: ['latest_invoice.confirmation_secret'] },
        { idempotencyKey: onceKey(`read-subscription:${id}`) },
      ),
    );
    return { sub, syncedAt };
  }

  /** Stores what Stripe said at once; the webhooks that follow re-read and agree. */
  async function remember(sub: Stripe.Subscription, accountId: string, syncedAt: Date) {
    const snapshot = subscriptionSnapshot(settings, sub, accountId, syncedAt);
    if (snapshot) await upsertSubscription(db, { ...snapshot });
    return snapshot;
  }

  async function confirmationSecret(sub: Stripe.Subscription): Promise<string | null> {
    const latest = sub.latest_invoice;
    if (latest && typeof latest === 'object') return invoiceClientSecret(latest);
    if (!latest) return null;
    const invoice = await callStripe(app, 'invoices.retrieve', () =>
      stripe.invoices.retrieve(
        latest,
        { expand: ['confirmation_secret'] },
        { idempotencyKey: onceKey(`read-invoice:${latest}`) },
      ),
    );
    return invoiceClientSecret(invoice);
  }

  async function changePlan(current: SubscriptionSnapshot, sub: Stripe.Subscription, plan: PlanId) {
    const item = sub.items.data[0];
    if (!item) throw noSubscription();
    // Upgrades above what this period already paid are charged now (proration invoice, credits
    // topped up when paid); downgrades, and going back up to a plan paid this period, cost
    // nothing now and bill the plan then current from the next renewal (decision 029).
    const paid = await highestPlanPaidInPeriod(db, sub.id, current.currentPeriodEnd);
    const upgrade = planCredits(plan) > planCredits(higherPlan(paid, current.plan) ?? plan);
    const syncedAt = new Date();
    const updated = await callStripe(app, 'subscriptions.update', () =>
      stripe.subscriptions.update(
        sub.id,
        {
          items: [{ id: item.id, price: settings.prices[plan] }],
          proration_behavior: upgrade ? 'always_invoice' : 'none',
          cancel_at_period_end: false,
          metadata: { accountId: current.accountId, plan },
        },
        { idempotencyKey: onceKey(key('plan-change', sub.id, plan)) },
      ),
    );
    const snapshot = await remember(updated, current.accountId, syncedAt);
    return {
      clientSecret: null,
      subscriptionId: updated.id,
      plan: snapshot?.plan ?? plan,
      status: updated.status,
      mode: 'stripe' as const,
    };
  }

  return {
    mode: 'stripe',

    async subscribe(accountId, plan) {
      const live = await liveSubscription(db, accountId);
      if (live) {
        const { sub, syncedAt } = await readSubscription(live.id);
        const current = await remember(sub, accountId, syncedAt);
        if (current && sub.status === 'incomplete') {
          if (current.plan === plan) {
            const clientSecret = await confirmationSecret(sub);
            if (clientSecret) {
              return {
                clientSecret,
                subscriptionId: sub.id,
                plan,
                status: sub.status,
                mode: 'stripe',
              };
            }
          }
          // A started payment for the other plan (or one without a secret) is dropped.
          const canceled = await callStripe(app, 'subscriptions.cancel', () =>
            stripe.subscriptions.cancel(
              sub.id,
              {},
              { idempotencyKey: key('cancel-incomplete', sub.id) },
            ),
          );
          await remember(canceled, accountId, new Date());
        } else if (current && isLive(sub.status)) {
          if (current.plan === plan) throw alreadySubscribed(plan);
          return changePlan(current, sub, plan);
        }
      }
      const customer = await customerOf(accountId);
      // The attempt number makes a double click reuse one creation instead of making two.
      const attempt = await db.transaction(async (tx) => {
        await lockAccountBilling(tx, accountId);
        return countSubscriptions(tx, accountId);
      });
      const syncedAt = new Date();
      const sub = await callStripe(app, 'subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer,
            items: [{ price: settings.prices[plan] }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            expand: ['latest_invoice.confirmation_secret'],
            metadata: { accountId, plan },
          },
          { idempotencyKey: key('subscription', accountId, plan, attempt) },
        ),
      );
      await remember(sub, accountId, syncedAt);
      const clientSecret = await confirmationSecret(sub);
      if (!clientSecret) {
        app.log.error({ subscription: sub.id }, 'Stripe returned no confirmation secret');
        throw new AppError(
          502,
          'payment_provider_failed',
          'Unable to load subscription. Please try again.',
        );
      }
      return { clientSecret, subscriptionId: sub.id, plan, status: sub.status, mode: 'stripe' };
    },

    async payOnce(accountId, purchase) {
      if ((await findBillingAccount(db, accountId))?.premiumRoomsAt) throw alreadyUnlocked();
      const pending = await db.transaction(async (tx) => {
        await lockAccountBilling(tx, accountId);
        return (
          (await pendingPayment(tx, accountId, purchase.purpose)) ??
          (await insertPayment(tx, {
            accountId,
            purpose: purchase.purpose,
            amountCents: purchase.cents,
            currency: 'usd',
            status: 'pending',
          }))
        );
      });
      if (pending.intentId) {
        const intentId = pending.intentId;
        const intent = await callStripe(app, 'paymentIntents.retrieve', () =>
          stripe.paymentIntents.retrieve(
            intentId,
            {},
            { idempotencyKey: onceKey(`read-intent:${intentId}`) },
          ),
        );
        if (intent.status === 'succeeded') {
          await applyBillingEvent(
            app,
            { id: `sync:${intent.id}`, type: 'payment_intent.synced' },
            {
              payment: {
                intentId: intent.id,
                accountId,
                paymentId: pending.id,
                purpose: purchase.purpose,
                amountCents: intent.amount,
                currency: intent.currency,
                status: 'succeeded',
                failureMessage: null,
              },
            },
          );
          throw alreadyUnlocked();
        }
        if (intent.status !== 'canceled' && intent.client_secret) return intent.client_secret;
        await updatePayment(db, pending.id, { status: 'failed', failureMessage: 'canceled' });
        return this.payOnce(accountId, purchase);
      }
      const customer = await customerOf(accountId);
      const intent = await callStripe(app, 'paymentIntents.create', () =>
        stripe.paymentIntents.create(
          {
            amount: purchase.cents,
            currency: 'usd',
            customer,
            automatic_payment_methods: { enabled: true },
            description: 'Image Lab premium room design',
            metadata: { accountId, purpose: purchase.purpose, paymentId: pending.id },
          },
          { idempotencyKey: key('payment-intent', pending.id) },
        ),
      );
      await updatePayment(db, pending.id, { intentId: intent.id });
      if (!intent.client_secret)
        throw new AppError(
          502,
          'payment_provider_failed',
          'The payment provider could not be reached. Please try again.',
        );
      return intent.client_secret;
    },

    async setCancelAtPeriodEnd(accountId, cancel) {
      const live = await liveSubscription(db, accountId);
      if (!live || live.status === 'incomplete') throw noSubscription();
      const syncedAt = new Date();
      const sub = await callStripe(app, 'subscriptions.update', () =>
        stripe.subscriptions.update(
          live.id,
          { cancel_at_period_end: cancel },
          { idempotencyKey: onceKey(key(cancel ? 'cancel' : 'resume', live.id)) },
        ),
      );
      await remember(sub, accountId, syncedAt);
    },
  };
}
