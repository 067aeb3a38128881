import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { createLocalPaymentsProvider } from '../src/features/billing/local-payments.provider.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { card, creditsOf, endPeriodNow, get, post } from './billing-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function subscriber(credits = 100) {
  const person = await newSignedInUser(app);
  await setCredits(app, person.user.id, credits);
  return person;
}

async function subscribe(headers: Record<string, string>, plan: 'basic' | 'premium') {
  const started = await post(app, '/api/get-or-create-subscription', headers, { plan });
  expect(started.statusCode).toBe(200);
  const paid = await post(
    app,
    '/api/billing/test-card',
    headers,
    card(started.json().clientSecret),
  );
  expect(paid.statusCode).toBe(200);
  return started.json().subscriptionId as string;
}

describe('test mode (no Stripe keys)', () => {
  it('says so to the payment screens', async () => {
    const res = await get(app, '/api/billing/config', {});
    expect(res.json()).toEqual({ mode: 'test', publishableKey: null });
  });

  it('reuses an incomplete subscription instead of starting another', async () => {
    const { headers } = await subscriber();
    const first = await post(app, '/api/get-or-create-subscription', headers, { plan: 'basic' });
    const again = await post(app, '/api/get-or-create-subscription', headers, { plan: 'basic' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ plan: 'basic', status: 'incomplete', mode: 'test' });
    expect(again.json().subscriptionId).toBe(first.json().subscriptionId);
    // Only the newest secret pays: the older form was replaced.
    const stale = await post(
      app,
      '/api/billing/test-card',
      headers,
      card(first.json().clientSecret),
    );
    expect(stale.statusCode).toBe(404);
    const paid = await post(
      app,
      '/api/billing/test-card',
      headers,
      card(again.json().clientSecret),
    );
    expect(paid.statusCode).toBe(200);
  });

  it('grants 1000 credits for a paid Basic month and reports the plan from the server', async () => {
    const { user, headers } = await subscriber(100);
    await subscribe(headers, 'basic');
    expect(await creditsOf(app, user.id)).toEqual({ balance: 1100, ledger: 1100 });
    const stats = (await get(app, '/api/user/stats', headers)).json();
    expect(stats).toMatchObject({ creditsRemaining: 1100, subscribed: true, plan: 'basic' });
    const me = (await get(app, '/api/auth/user', headers)).json();
    expect(me).toMatchObject({ subscribed: true, plan: 'basic', premiumRooms: false });
    const overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.subscription).toMatchObject({ plan: 'basic', status: 'active', active: true });
    expect(overview.invoices).toEqual([
      expect.objectContaining({
        kind: 'subscription',
        plan: 'basic',
        amount: 9.99,
        status: 'paid',
      }),
    ]);
    const history = (await get(app, '/api/billing/credit-history?limit=1', headers)).json();
    expect(history.entries[0]).toMatchObject({ delta: 1000, reason: 'subscription' });
    expect(history.nextCursor).toEqual(expect.any(String));
    const older = await get(
      app,
      `/api/billing/credit-history?cursor=${history.nextCursor}`,
      headers,
    );
    expect(older.json().entries[0]).toMatchObject({ reason: 'test_adjustment' });
  });

  it('refuses a declined card without granting anything, and lets the same form try again', async () => {
    const { user, headers } = await subscriber(5);
    const started = (
      await post(app, '/api/get-or-create-subscription', headers, { plan: 'premium' })
    ).json();
    const declined = await post(
      app,
      '/api/billing/test-card',
      headers,
      card(started.clientSecret, '4000 0000 0000 0002'),
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      message: 'Your card was declined.',
      title: 'Payment Failed',
    });
    expect((await creditsOf(app, user.id)).balance).toBe(5);
    const overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.subscription).toBeNull();
    expect(overview.invoices[0]).toMatchObject({ status: 'failed', amount: 19.99 });
    const retry = await post(app, '/api/billing/test-card', headers, card(started.clientSecret));
    expect(retry.statusCode).toBe(200);
    expect(await creditsOf(app, user.id)).toEqual({ balance: 5005, ledger: 5005 });
  });

  it('checks the card form like a real one', async () => {
    const { headers } = await subscriber();
    const { clientSecret } = (
      await post(app, '/api/get-or-create-subscription', headers, { plan: 'basic' })
    ).json();
    const luhn = await post(
      app,
      '/api/billing/test-card',
      headers,
      card(clientSecret, '4242 4242 4242 4241'),
    );
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().message).toBe('Your card number is invalid.');
    const expired = await post(app, '/api/billing/test-card', headers, {
      ...card(clientSecret),
      expiry: '01/20',
    });
    expect(expired.statusCode).toBe(400);
    const someoneElse = await subscriber();
    const foreign = await post(
      app,
      '/api/billing/test-card',
      someoneElse.headers,
      card(clientSecret),
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses to sell the same plan twice, upgrades at once and tops the month up', async () => {
    const { user, headers } = await subscriber(0);
    const id = await subscribe(headers, 'basic');
    const twice = await post(app, '/api/get-or-create-subscription', headers, { plan: 'basic' });
    expect(twice.statusCode).toBe(409);
    const upgrade = await post(app, '/api/get-or-create-subscription', headers, {
      plan: 'premium',
    });
    expect(upgrade.json()).toMatchObject({
      clientSecret: null,
      subscriptionId: id,
      plan: 'premium',
    });
    expect(await creditsOf(app, user.id)).toEqual({ balance: 5000, ledger: 5000 });
    const downgrade = await post(app, '/api/get-or-create-subscription', headers, {
      plan: 'basic',
    });
    expect(downgrade.json()).toMatchObject({ clientSecret: null, plan: 'basic' });
    // A downgrade charges and grants nothing now; the next renewal bills Basic.
    expect((await creditsOf(app, user.id)).balance).toBe(5000);
  });

  it('cancels at the period end: active until then, ended after', async () => {
    const { user, headers } = await subscriber(0);
    const id = await subscribe(headers, 'basic');
    const cancel = await post(app, '/api/billing/cancel', headers);
    expect(cancel.statusCode).toBe(200);
    let overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.subscription).toMatchObject({ active: true, cancelAtPeriodEnd: true });
    expect((await get(app, '/api/user/stats', headers)).json().subscribed).toBe(true);
    await endPeriodNow(app, id);
    await createLocalPaymentsProvider(app).renewDue();
    overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.subscription).toBeNull();
    expect((await get(app, '/api/user/stats', headers)).json()).toMatchObject({
      subscribed: false,
      plan: null,
    });
    expect((await creditsOf(app, user.id)).balance).toBe(1000);
  });

  it('renews each month with the plan’s credits, once even when two sweeps race', async () => {
    const { user, headers } = await subscriber(0);
    const id = await subscribe(headers, 'premium');
    await post(app, '/api/billing/cancel', headers);
    await post(app, '/api/billing/resume', headers);
    await endPeriodNow(app, id);
    const provider = createLocalPaymentsProvider(app);
    await Promise.all([provider.renewDue(), provider.renewDue()]);
    expect(await creditsOf(app, user.id)).toEqual({ balance: 10_000, ledger: 10_000 });
    const overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.subscription).toMatchObject({ active: true, cancelAtPeriodEnd: false });
    expect(new Date(overview.subscription.currentPeriodEnd).getTime()).toBeGreaterThan(Date.now());
    expect(overview.invoices).toHaveLength(2);
  });

  it('sells the premium room upgrade only at its price and unlocks it when paid', async () => {
    const { headers } = await subscriber();
    for (const amount of [9.99, 2999, 0, -29.99]) {
      const res = await post(app, '/api/create-payment-intent', headers, { amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/29\.99/);
    }
    const wrongType = await post(app, '/api/create-payment-intent', headers, { amount: '29.99' });
    expect(wrongType.statusCode).toBe(400);
    const intent = await post(app, '/api/create-payment-intent', headers, { amount: 29.99 });
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({
      mode: 'test',
      clientSecret: expect.stringMatching(/^pi_local_/),
    });
    expect((await get(app, '/api/auth/user', headers)).json().premiumRooms).toBe(false);
    const paid = await post(
      app,
      '/api/billing/test-card',
      headers,
      card(intent.json().clientSecret),
    );
    expect(paid.statusCode).toBe(200);
    expect((await get(app, '/api/auth/user', headers)).json().premiumRooms).toBe(true);
    expect((await get(app, '/api/user/stats', headers)).json().premiumRooms).toBe(true);
    const overview = (await get(app, '/api/billing', headers)).json();
    expect(overview.invoices[0]).toMatchObject({
      kind: 'premium_rooms',
      amount: 29.99,
      status: 'paid',
    });
    const again = await post(app, '/api/create-payment-intent', headers, { amount: 29.99 });
    expect(again.statusCode).toBe(409);
  });

  it('is the owner’s business: a grantee acting on a shared account gets 403', async () => {
    const owner = await subscriber();
    const grantee = await subscriber();
    const share = await post(app, '/api/share-account', owner.headers, {
      email: grantee.user.email,
      permissions: 'write',
    });
    expect(share.statusCode).toBe(200);
    const switched = await post(app, '/api/switch-account', grantee.headers, {
      ownerId: owner.user.id,
    });
    expect(switched.statusCode).toBe(200);
    for (const [url, body] of [
      ['/api/get-or-create-subscription', { plan: 'basic' }],
      ['/api/create-payment-intent', { amount: 29.99 }],
      ['/api/billing/cancel', undefined],
    ] as const) {
      expect((await post(app, url, grantee.headers, body)).statusCode).toBe(403);
    }
    expect((await get(app, '/api/billing', grantee.headers)).statusCode).toBe(403);
  });

  it('asks for sign-in, and refuses bad input with a message', async () => {
    expect(
      (await post(app, '/api/get-or-create-subscription', {}, { plan: 'basic' })).statusCode,
    ).toBe(401);
    expect((await get(app, '/api/billing', {})).statusCode).toBe(401);
    const { headers } = await subscriber();
    const bad = await post(app, '/api/get-or-create-subscription', headers, { plan: 'gold' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/basic or premium/);
    const cursor = await get(app, '/api/billing/credit-history?cursor=nope', headers);
    expect(cursor.statusCode).toBe(400);
    expect((await post(app, '/api/billing/cancel', headers)).statusCode).toBe(404);
    const webhook = await app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(webhook.statusCode).toBe(400);
  });
});
