import Stripe from 'stripe';
import type { Config } from '../../platform/config.ts';
import type { InvoiceSnapshot, SubscriptionSnapshot } from './billing-changes.ts';
import type { PlanId } from './billing-plans.ts';

export type StripeSettings = NonNullable<Config['stripe']>;

/** The client, pointed at STRIPE_API_URL when set (a stand-in in tests, or stripe-mock). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Image Lab' },
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (protocol === 'http' ? 80 : 443)),
          protocol,
        }
      : {}),
  });
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const toDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

export function planOfPrice(settings: StripeSettings, priceId: string | null): PlanId | null {
  if (!priceId) return null;
  if (priceId === settings.prices.basic) return 'basic';
  if (priceId === settings.prices.premium) return 'premium';
  return null;
}

/** Older API versions kept the period on the subscription; newer ones on each item. */
type LegacyPeriod = { current_period_start?: number; current_period_end?: number };

export function subscriptionPrice(sub: Stripe.Subscription): string | null {
  const item = sub.items?.data?.[0];
  return idOf(item?.price as Stripe.Price | string | undefined);
}

export function subscriptionSnapshot(
  settings: StripeSettings,
  sub: Stripe.Subscription,
  accountId: string,
  syncedAt: Date,
): SubscriptionSnapshot | null {
  const plan = planOfPrice(settings, subscriptionPrice(sub)) ?? metadataPlan(sub.metadata);
  const customerId = idOf(sub.customer);
  if (!plan || !customerId) return null;
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & LegacyPeriod) | undefined;
  const legacy = sub as Stripe.Subscription & LegacyPeriod;
  return {
    id: sub.id,
    accountId,
    customerId,
    plan,
    status: sub.status,
    currentPeriodStart: toDate(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    canceledAt: toDate(sub.canceled_at),
    syncedAt,
  };
}

function metadataPlan(metadata: Stripe.Metadata | null | undefined): PlanId | null {
  const plan = metadata?.plan;
  return plan === 'basic' || plan === 'premium' ? plan : null;
}

/** Where an invoice names its subscription, in the current API shape or the older one. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as Stripe.Invoice & { subscription?: string | { id: string } | null })
    .subscription;
  return idOf(parent ?? legacy ?? null);
}

type LegacyLine = Stripe.InvoiceLineItem & { price?: { id: string } | string | null };

function linePrice(line: LegacyLine): string | null {
  const details = line.pricing?.price_details?.price as string | { id: string } | undefined;
  return idOf(details ?? line.price ?? null);
}

/** The plan an invoice charges for (its positive line) and, on a proration, the one it leaves. */
export function invoicePlans(settings: StripeSettings, invoice: Stripe.Invoice) {
  const lines = (invoice.lines?.data ?? []) as LegacyLine[];
  const charged = lines.find((line) => line.amount >= 0 && planOfPrice(settings, linePrice(line)));
  const left = lines.find((line) => line.amount < 0 && planOfPrice(settings, linePrice(line)));
  return {
    plan: charged ? planOfPrice(settings, linePrice(charged)) : null,
    previousPlan: left ? planOfPrice(settings, linePrice(left)) : null,
    periodEnd: toDate(charged?.period?.end ?? invoice.period_end),
  };
}

export function invoiceSnapshot(
  settings: StripeSettings,
  invoice: Stripe.Invoice,
  accountId: string,
  status: 'paid' | 'failed',
  fallbackPlan: PlanId | null,
): InvoiceSnapshot {
  const { plan, previousPlan, periodEnd } = invoicePlans(settings, invoice);
  return {
    id: invoice.id!,
    accountId,
    subscriptionId: invoiceSubscriptionId(invoice),
    plan: plan ?? fallbackPlan,
    previousPlan,
    amountCents: status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status,
    billingReason: invoice.billing_reason,
    periodEnd,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    createdAt: toDate(invoice.created) ?? new Date(),
  };
}

/** The secret that confirms a subscription's first payment, in either API shape. */
export function invoiceClientSecret(invoice: Stripe.Invoice | null): string | null {
  if (!invoice) return null;
  const legacy = (
    invoice as Stripe.Invoice & { payment_intent?: { client_secret?: string } | string }
  ).payment_intent;
  return (
    invoice.confirmation_secret?.client_secret ??
    (typeof legacy === 'object' ? (legacy.client_secret ?? null) : null)
  );
}
