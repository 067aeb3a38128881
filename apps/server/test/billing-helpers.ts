import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { App } from '../src/app.ts';
import { billingSubscriptions } from '../src/db/schema/index.ts';
import { balanceOf, ledgerSum } from '../src/platform/credits.repository.ts';
import { buildTestApp } from './helper.ts';
import { startStripeStandIn } from './stripe-stand-in.ts';

type StripePrices = { basic: string; premium: string };

type Headers = Record<string, string>;

export const post = (app: App, url: string, headers: Headers, payload?: object) =>
  payload === undefined
    ? app.inject({ method: 'POST', url, headers })
    : app.inject({ method: 'POST', url, headers, payload });

export const get = (app: App, url: string, headers: Headers) =>
  app.inject({ method: 'GET', url, headers });

export async function creditsOf(app: App, accountId: string) {
  return {
    balance: (await balanceOf(app.database.db, accountId)) ?? 0,
    ledger: await ledgerSum(app.database.db, accountId),
  };
}

/** Time passes: the subscription's paid period ended a minute ago. */
export async function endPeriodNow(app: App, subscriptionId: string) {
  const ended = new Date(Date.now() - 60_000);
  await app.database.db
    .update(billingSubscriptions)
    .set({
      currentPeriodEnd: ended,
      currentPeriodStart: new Date(ended.getTime() - 30 * 86_400_000),
    })
    .where(eq(billingSubscriptions.id, subscriptionId));
}

/** The local card form's fields with a card number. */
export const card = (clientSecret: string, cardNumber = '4242 4242 4242 4242') => ({
  clientSecret,
  cardNumber,
  expiry: '12/40',
  cvc: '123',
});

/** An app whose billing talks to the Stripe stand-in, with webhooks signed by `webhookSecret`. */
export async function appWithStripe(webhookSecret: string, prices: StripePrices) {
  const stripe = await startStripeStandIn(prices);
  const app = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_PRICE_BASIC: prices.basic,
    STRIPE_PRICE_PREMIUM: prices.premium,
    STRIPE_API_URL: stripe.url,
  });
  return { app, stripe };
}

const signer = new Stripe('sk_test_signer');

/** The header Stripe would send with `payload`, signed with `secret`. */
export const stripeSignature = (payload: string, secret: string, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });

/** Sends an event to the real webhook endpoint, signed the way Stripe signs it. */
export function deliverEvent(
  app: App,
  event: object,
  options: { secret: string; timestamp?: number },
) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripeSignature(payload, options.secret, options.timestamp),
    },
    payload,
  });
}
