import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { card, get, post } from './billing-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('the 29.99 room payment opened in two tabs (issue 21 item 17)', () => {
  it('serves both tabs with one pending payment; paying in one makes the other say it is paid', async () => {
    const { headers } = await newSignedInUser(app);
    const first = await post(app, '/api/create-payment-intent', headers, { amount: 29.99 });
    const second = await post(app, '/api/create-payment-intent', headers, { amount: 29.99 });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const secret = first.json().clientSecret as string;
    expect(secret).toMatch(/^pi_local_[0-9a-f]+_secret_/);
    expect(second.json().clientSecret).toBe(secret);

    // The first tab's form still pays (it was 'This payment could not be found').
    const paid = await post(app, '/api/billing/test-card', headers, card(secret));
    expect(paid.statusCode).toBe(200);
    expect((await get(app, '/api/auth/user', headers)).json().premiumRooms).toBe(true);

    const other = await post(
      app,
      '/api/billing/test-card',
      headers,
      card(second.json().clientSecret),
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 'already_paid',
      message: 'This payment has already been completed.',
    });
    const overview = (await get(app, '/api/billing', headers)).json();
    expect(
      overview.invoices.filter((i: { kind: string }) => i.kind === 'premium_rooms'),
    ).toHaveLength(1);
  });

  it('gives another account’s payment its own secret', async () => {
    const one = await newSignedInUser(app);
    const two = await newSignedInUser(app);
    const a = await post(app, '/api/create-payment-intent', one.headers, { amount: 29.99 });
    const b = await post(app, '/api/create-payment-intent', two.headers, { amount: 29.99 });
    expect(a.json().clientSecret).not.toBe(b.json().clientSecret);
    const crossed = await post(
      app,
      '/api/billing/test-card',
      two.headers,
      card(a.json().clientSecret),
    );
    expect(crossed.statusCode).toBe(404);
  });
});
