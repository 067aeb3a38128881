import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import {
  appWithStripe,
  creditsOf,
  deliverEvent,
  get,
  post,
  stripeSignature,
} from './billing-helpers.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

const SECRET = 'whsec_test_billing';
const PRICES = { basic: 'price_basic_test', premium: 'price_premium_test' };

let app: App;
let stripe: StripeStandIn;
beforeAll(async () => {
  ({ app, stripe } = await appWithStripe(SECRET, PRICES));
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const deliver = (event: object, options: { secret?: string; timestamp?: number } = {}) =>
  deliverEvent(app, event, { secret: options.secret ?? SECRET, timestamp: options.timestamp });

async function startSubscription(plan: 'basic' | 'premium', credits = 0) {
  const person = await newSignedInUser(app);
  await setCredits(app, person.user.id, credits);
  const res = await post(app, '/api/get-or-create-subscription', person.headers, { plan });
  expect(res.statusCode).toBe(200);
  return { ...person, subscriptionId: res.json().subscriptionId as string, body: res.json() };
}

describe('Stripe webhooks', () => {
  it('refuses a wrong signature, a stale timestamp and a missing header with 400', async () => {
    const { subscriptionId } = await startSubscription('basic');
    const event = stripe.event(
      'customer.subscription.updated',
      stripe.subscriptions.get(subscriptionId)!,
    );
    expect((await deliver(event, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/signature/i);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // The body is checked as sent: one changed byte breaks the signature.
    const payload = JSON.stringify(event);
    const header = stripeSignature(payload, SECRET);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('"livemode":false', '"livemode":true '),
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('applies the same event once', async () => {
    const { user, subscriptionId } = await startSubscription('basic', 10);
    const { invoice } = stripe.payLatestInvoice(subscriptionId);
    const paid = stripe.event('invoice.paid', invoice);
    const first = await deliver(paid);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    const second = await deliver(paid);
    expect(second.statusCode).toBe(200);
    expect(second.json().result).toBe('duplicate');
    // Stripe sends invoice.payment_succeeded for the same invoice too: still one grant.
    await deliver(stripe.event('invoice.payment_succeeded', invoice));
    expect(await creditsOf(app, user.id)).toEqual({ balance: 1010, ledger: 1010 });
  });

  it('ends right when invoice.paid arrives before customer.subscription.created', async () => {
    const { user, headers, subscriptionId } = await startSubscription('premium', 0);
    const created = stripe.event(
      'customer.subscription.created',
      stripe.subscriptions.get(subscriptionId)!,
    );
    const { invoice } = stripe.payLatestInvoice(subscriptionId);
    expect((await deliver(stripe.event('invoice.paid', invoice))).statusCode).toBe(200);
    // The late event still says "incomplete"; the copy re-read from Stripe says "active".
    expect((await deliver(created)).statusCode).toBe(200);
    const stats = (await get(app, '/api/user/stats', headers)).json();
    expect(stats).toMatchObject({ creditsRemaining: 5000, subscribed: true, plan: 'premium' });
    expect(await creditsOf(app, user.id)).toEqual({ balance: 5000, ledger: 5000 });
  });

  it('grants each renewal, follows a failed payment and the end of a subscription', async () => {
    const { user, headers, subscriptionId } = await startSubscription('basic', 0);
    await deliver(stripe.event('invoice.paid', stripe.payLatestInvoice(subscriptionId).invoice));
    await deliver(stripe.event('invoice.paid', stripe.renew(subscriptionId).invoice));
    expect((await creditsOf(app, user.id)).balance).toBe(2000);

    const sub = stripe.subscriptions.get(subscriptionId)!;
    const { invoice: failed } = stripe.renew(subscriptionId);
    failed.status = 'open';
    failed.amount_paid = 0;
    sub.status = 'past_due';
    await deliver(stripe.event('invoice.payment_failed', failed));
    let overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.subscription).toMatchObject({ status: 'past_due', active: false });
    expect(overview.invoices[0]).toMatchObject({ status: 'failed', amount: 9.99 });
    expect((await creditsOf(app, user.id)).balance).toBe(2000);

    sub.status = 'canceled';
    await deliver(stripe.event('customer.subscription.deleted', sub));
    overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.subscription).toBeNull();
    expect((await get(app, '/api/auth/user', headers)).json()).toMatchObject({ subscribed: false });
  });

  it('records and ignores events about objects that are not ours', async () => {
    const res = await deliver(stripe.event('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(res.json()).toEqual({ received: true, result: 'ignored' });
    const foreign = await deliver(
      stripe.event('payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
        metadata: {},
      }),
    );
    expect(foreign.json().result).toBe('ignored');
    const unknown = await deliver(
      stripe.event('customer.subscription.updated', { id: 'sub_unknown', object: 'subscription' }),
    );
    expect(unknown.json().result).toBe('ignored');
    const empty = await deliver({
      id: 'evt_no_object',
      object: 'event',
      type: 'invoice.paid',
      data: {},
    });
    expect(empty.json().result).toBe('ignored');
  });
});

describe('calls to Stripe', () => {
  it('create a customer and an incomplete subscription, form-encoded with idempotency keys', async () => {
    const before = stripe.requests.length;
    const { user, body } = await startSubscription('basic');
    expect(body.clientSecret).toMatch(/^pi_\w+_secret_/);
    const calls = stripe.requests.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/subscriptions',
    ]);
    for (const c of calls) {
      expect(c.contentType).toMatch(/application\/x-www-form-urlencoded/);
      expect(c.idempotencyKey).toBeTruthy();
    }
    expect(calls[0]!.idempotencyKey).toBe(`customer:${user.id}`);
    expect(calls[1]!.form).toMatchObject({
      items: { 0: { price: PRICES.basic } },
      payment_behavior: 'default_incomplete',
      metadata: { accountId: user.id, plan: 'basic' },
    });
  });

  it('reuse an incomplete subscription instead of creating a second', async () => {
    const { headers, subscriptionId, body } = await startSubscription('premium');
    const before = stripe.requests.length;
    const again = await post(app, '/api/get-or-create-subscription', headers, { plan: 'premium' });
    expect(again.json()).toMatchObject({ subscriptionId, clientSecret: body.clientSecret });
    const calls = stripe.requests.slice(before);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/v1/subscriptions')).toBe(false);
    expect(calls.every((c) => c.idempotencyKey)).toBe(true);
  });

  it('change the plan with a proration and cancel at the period end', async () => {
    const { user, headers, subscriptionId } = await startSubscription('basic', 0);
    await deliver(stripe.event('invoice.paid', stripe.payLatestInvoice(subscriptionId).invoice));
    const upgrade = await post(app, '/api/get-or-create-subscription', headers, {
      plan: 'premium',
    });
    expect(upgrade.json()).toMatchObject({ clientSecret: null, plan: 'premium' });
    const update = stripe.requests.findLast(
      (c) => c.path === `/v1/subscriptions/${subscriptionId}`,
    )!;
    expect(update.form).toMatchObject({
      proration_behavior: 'always_invoice',
      items: { 0: { price: PRICES.premium } },
    });
    const proration = stripe.invoices.get(
      stripe.subscriptions.get(subscriptionId)!.latest_invoice,
    )!;
    await deliver(stripe.event('invoice.paid', proration));
    expect((await creditsOf(app, user.id)).balance).toBe(5000);

    expect((await post(app, '/api/billing/cancel', headers)).statusCode).toBe(200);
    const cancel = stripe.requests.at(-1)!;
    expect(cancel.form).toEqual({ cancel_at_period_end: 'true' });
    expect(cancel.idempotencyKey).toBeTruthy();
    const overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.subscription).toMatchObject({
      plan: 'premium',
      active: true,
      cancelAtPeriodEnd: true,
    });
  });

  it('charge and grant an upgrade once per period: Basic → Premium → Basic → Premium', async () => {
    const { user, headers, subscriptionId } = await startSubscription('basic', 0);
    await deliver(stripe.event('invoice.paid', stripe.payLatestInvoice(subscriptionId).invoice));
    const latest = () => stripe.subscriptions.get(subscriptionId)!.latest_invoice;
    const change = async (plan: 'basic' | 'premium') => {
      const before = latest();
      const res = await post(app, '/api/get-or-create-subscription', headers, { plan });
      expect(res.json()).toMatchObject({ clientSecret: null, plan });
      if (latest() !== before)
        await deliver(stripe.event('invoice.paid', stripe.invoices.get(latest())!));
      return stripe.requests.findLast(
        (c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscriptionId}`,
      )!;
    };
    expect((await change('premium')).form.proration_behavior).toBe('always_invoice');
    expect((await change('basic')).form.proration_behavior).toBe('none');
    expect((await change('premium')).form.proration_behavior).toBe('none');
    const paid = [...stripe.invoices.values()]
      .filter((i) => i.parent.subscription_details.subscription === subscriptionId)
      .filter((i) => i.status === 'paid')
      .reduce((sum, i) => sum + Number(i.amount_paid), 0);
    // $9.99 for Basic and half a month of the difference, once; Premium's credits once.
    expect(paid).toBe(999 + 500);
    expect((await creditsOf(app, user.id)).balance).toBe(5000);
  });

  it('price the premium room upgrade on the server and unlock it on payment_intent.succeeded', async () => {
    const { user, headers } = await newSignedInUser(app);
    expect(
      (await post(app, '/api/create-payment-intent', headers, { amount: 0.5 })).statusCode,
    ).toBe(400);
    const res = await post(app, '/api/create-payment-intent', headers, { amount: 29.99 });
    expect(res.json()).toMatchObject({
      mode: 'stripe',
      clientSecret: expect.stringMatching(/^pi_/),
    });
    const create = stripe.requests.findLast((c) => c.path === '/v1/payment_intents')!;
    expect(create.form).toMatchObject({
      amount: '2999',
      currency: 'usd',
      metadata: { accountId: user.id, purpose: 'premium_rooms' },
    });
    expect(create.idempotencyKey).toMatch(/^payment-intent:/);
    const again = await post(app, '/api/create-payment-intent', headers, { amount: 29.99 });
    expect(again.json().clientSecret).toBe(res.json().clientSecret);

    const intent = [...stripe.intents.values()].find(
      (i) => i.client_secret === res.json().clientSecret,
    )!;
    intent.status = 'succeeded';
    intent.amount_received = 2999;
    await deliver(stripe.event('payment_intent.succeeded', intent));
    expect((await get(app, '/api/auth/user', headers)).json().premiumRooms).toBe(true);
  });

  it('turn Stripe errors into a message, never a 500', async () => {
    const { headers } = await newSignedInUser(app);
    stripe.failNextWith(400, 'invalid_request_error', 'No such price');
    const res = await post(app, '/api/get-or-create-subscription', headers, { plan: 'basic' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('The payment provider could not be reached. Please try again.');
    stripe.failNextWith(402, 'card_error', 'Your card was declined.', 'card_declined');
    const card = await post(app, '/api/create-payment-intent', headers, { amount: 29.99 });
    expect(card.statusCode).toBe(402);
    expect(card.json().message).toBe('Your card was declined.');
  });
});
