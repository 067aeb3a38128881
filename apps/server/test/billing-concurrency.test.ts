import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { debit } from '../src/platform/credits.repository.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { appWithStripe, creditsOf, deliverEvent, post } from './billing-helpers.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

const SECRET = 'whsec_test_concurrency';

let app: App;
let stripe: StripeStandIn;
beforeAll(async () => {
  ({ app, stripe } = await appWithStripe(SECRET, {
    basic: 'price_basic_c',
    premium: 'price_premium_c',
  }));
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const deliver = (event: object) => deliverEvent(app, event, { secret: SECRET });

// Meaningful on PostgreSQL (TEST_DATABASE_URL), where the 50 run on separate connections.
it('50 parallel spends and grants leave the balance equal to the sum of the ledger', async () => {
  const { user, headers } = await newSignedInUser(app);
  await setCredits(app, user.id, 100);
  const started = await post(app, '/api/get-or-create-subscription', headers, { plan: 'basic' });
  const subscriptionId = started.json().subscriptionId as string;
  const first = stripe.event('invoice.paid', stripe.payLatestInvoice(subscriptionId).invoice);
  const renewals = Array.from({ length: 19 }, () =>
    stripe.event('invoice.paid', stripe.renew(subscriptionId).invoice),
  );
  // 20 grants, 5 of them delivered twice at the same moment, and 25 spends of 30 credits.
  const grants = [first, ...renewals];
  const deliveries = [...grants, ...grants.slice(0, 5)].map((e) => deliver(e));
  const spends = Array.from({ length: 25 }, () =>
    debit(app.database.db, user.id, 30, {
      reason: 'generation',
      idempotencyKey: `spend:${crypto.randomUUID()}`,
    }),
  );
  const [answers, spent] = await Promise.all([Promise.all(deliveries), Promise.all(spends)]);
  expect(answers.every((a) => a.statusCode === 200)).toBe(true);
  expect(answers.filter((a) => a.json().result === 'applied')).toHaveLength(20);
  const succeeded = spent.filter((s) => s !== undefined).length;
  const { balance, ledger } = await creditsOf(app, user.id);
  expect(balance).toBe(ledger);
  expect(balance).toBe(100 + 20 * 1000 - succeeded * 30);
  expect(balance).toBeGreaterThanOrEqual(0);
});
