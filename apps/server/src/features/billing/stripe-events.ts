import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { AppError } from '../../platform/errors.ts';
import {
  applyBillingEvent,
  type ApplyResult,
  type BillingChanges,
  type SubscriptionSnapshot,
} from './billing-changes.ts';
import { PREMIUM_ROOMS_CENTS } from '@image-lab/contract';
import {
  accountExists,
  accountOfCustomer,
  eventSeen,
  paymentByIntent,
} from './billing.repository.ts';
import {
  idOf,
  invoiceSnapshot,
  invoiceSubscriptionId,
  subscriptionSnapshot,
  type StripeSettings,
} from './stripe-objects.ts';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
const INVOICE_PAID = new Set(['invoice.paid', 'invoice.payment_succeeded']);

export interface WebhookOutcome {
  result: ApplyResult | 'ignored';
}

/**
 * Turns one verified Stripe event into the changes it stands for. Where order matters the object
 * is read again from Stripe, so an `invoice.paid` that arrives before
 * `customer.subscription.created` still ends with the subscription's real plan and status.
 */
export async function handleStripeEvent(
  app: FastifyInstance,
  stripe: Stripe,
  settings: StripeSettings,
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const db = app.database.db;
  // Cheap early exit for redeliveries; the claim inside the transaction is what guarantees once.
  if (await eventSeen(db, event.id)) return { result: 'duplicate' };

  async function accountFor(metadata: Stripe.Metadata | null | undefined, customer: unknown) {
    const fromMetadata = metadata?.accountId;
    if (
      fromMetadata &&
      /^[0-9a-f-]{36}$/i.test(fromMetadata) &&
      (await accountExists(db, fromMetadata))
    ) {
      return fromMetadata;
    }
    const customerId = idOf(customer as string | { id: string } | null);
    return customerId ? accountOfCustomer(db, customerId) : undefined;
  }

  async function freshSubscription(id: string): Promise<SubscriptionSnapshot | null> {
    const syncedAt = new Date();
    let sub: Stripe.Subscription;
    try {
      sub = await stripe.subscriptions.retrieve(
        id,
        {},
        { idempotencyKey: `read-subscription:${id}:${crypto.randomUUID()}` },
      );
    } catch (error) {
      // Gone at Stripe (another account's test data, a deleted object): nothing to apply.
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
      app.log.error(
        { err: error, subscription: id },
        'could not re-read a subscription from Stripe',
      );
      // 503: Stripe delivers the event again later.
      throw new AppError(
        503,
        'provider_unavailable',
        'Stripe could not be reached; try again later.',
      );
    }
    const accountId = await accountFor(sub.metadata, sub.customer);
    if (!accountId) return null;
    return subscriptionSnapshot(settings, sub, accountId, syncedAt);
  }

  const apply = async (changes: BillingChanges | null): Promise<WebhookOutcome> => {
    if (!changes) {
      // Nothing of ours (another product's object, a deleted account): remember and move on.
      const result = await applyBillingEvent(app, event, {});
      return { result: result === 'duplicate' ? result : 'ignored' };
    }
    return { result: await applyBillingEvent(app, event, changes) };
  };

  const object = (event.data.object ?? {}) as { object?: string; id?: string };

  if (SUBSCRIPTION_EVENTS.has(event.type) && object.object === 'subscription' && object.id) {
    const snapshot = await freshSubscription(object.id);
    return apply(snapshot ? { subscriptions: [snapshot] } : null);
  }

  if (
    (INVOICE_PAID.has(event.type) || event.type === 'invoice.payment_failed') &&
    object.object === 'invoice'
  ) {
    const invoice = object as Stripe.Invoice;
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (!subscriptionId) return apply(null);
    const subscription = await freshSubscription(subscriptionId);
    const accountId =
      subscription?.accountId ??
      (await accountFor(invoice.parent?.subscription_details?.metadata, invoice.customer));
    if (!accountId) return apply(null);
    const status = INVOICE_PAID.has(event.type) ? 'paid' : 'failed';
    return apply({
      subscriptions: subscription ? [subscription] : [],
      invoice: invoiceSnapshot(settings, invoice, accountId, status, subscription?.plan ?? null),
    });
  }

  if (
    (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') &&
    object.object === 'payment_intent'
  ) {
    const intent = object as Stripe.PaymentIntent;
    if (intent.metadata?.purpose !== 'premium_rooms') return apply(null);
    const row = await paymentByIntent(db, intent.id);
    const accountId = row?.accountId ?? (await accountFor(intent.metadata, intent.customer));
    if (!accountId) return apply(null);
    const succeeded = event.type === 'payment_intent.succeeded';
    // The server's price list, not the intent's metadata, decides what a payment unlocks.
    const paidEnough = intent.amount_received >= PREMIUM_ROOMS_CENTS && intent.currency === 'usd';
    return apply({
      payment: {
        intentId: intent.id,
        accountId,
        paymentId: row?.id ?? intent.metadata?.paymentId ?? null,
        purpose: 'premium_rooms',
        amountCents: intent.amount,
        currency: intent.currency,
        status: succeeded && paidEnough ? 'succeeded' : 'failed',
        failureMessage: succeeded
          ? paidEnough
            ? null
            : 'amount below the price'
          : (intent.last_payment_error?.message ?? 'Payment failed'),
      },
    });
  }

  return apply(null);
}
