import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BILLING_PLANS } from '@image-lab/contract';
import type { App } from '../src/app.ts';
import { billingInvoices } from '../src/db/schema/index.ts';
import { createLocalPaymentsProvider } from '../src/features/billing/local-payments.provider.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { card, creditsOf, endPeriodNow, post } from './billing-helpers.ts';

type Plan = 'basic' | 'premium';
type Step = Plan | 'cancel' | 'renew';
const STEPS: Step[] = ['basic', 'premium', 'cancel', 'renew'];
const rank = (plan: Plan | null) => (plan ? BILLING_PLANS[plan].credits : 0);
const price = (plan: Plan | null) => (plan ? BILLING_PLANS[plan].priceCents : 0);

/** What the rules say should have happened: money paid and credits granted. */
interface Model {
  sub: { id: string; plan: Plan; paidThisPeriod: Plan; cancelling: boolean } | null;
  credits: number;
  paidCents: number;
}

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => app.close());

async function paidCentsOf(accountId: string) {
  const [row] = await app.database.db
    .select({ total: sql<string>`coalesce(sum(${billingInvoices.amountCents}), 0)` })
    .from(billingInvoices)
    .where(and(eq(billingInvoices.accountId, accountId), eq(billingInvoices.status, 'paid')));
  return Number(row?.total ?? 0);
}

async function step(model: Model, s: Step, headers: Record<string, string>) {
  if (s === 'cancel') {
    const res = await post(app, '/api/billing/cancel', headers);
    expect(res.statusCode).toBe(model.sub ? 200 : 404);
    if (model.sub) model.sub.cancelling = true;
    return;
  }
  if (s === 'renew') {
    if (!model.sub) return;
    await endPeriodNow(app, model.sub.id);
    await createLocalPaymentsProvider(app).renewDue();
    if (model.sub.cancelling) {
      model.sub = null;
      return;
    }
    model.paidCents += price(model.sub.plan);
    model.credits += BILLING_PLANS[model.sub.plan].credits;
    model.sub.paidThisPeriod = model.sub.plan;
    return;
  }
  const res = await post(app, '/api/get-or-create-subscription', headers, { plan: s });
  if (!model.sub) {
    expect(res.statusCode).toBe(200);
    const paid = await post(app, '/api/billing/test-card', headers, card(res.json().clientSecret));
    expect(paid.statusCode).toBe(200);
    model.sub = { id: res.json().subscriptionId, plan: s, paidThisPeriod: s, cancelling: false };
    model.paidCents += price(s);
    model.credits += BILLING_PLANS[s].credits;
    return;
  }
  if (model.sub.plan === s) {
    expect(res.statusCode).toBe(409);
    return;
  }
  expect(res.statusCode).toBe(200);
  if (rank(s) > rank(model.sub.paidThisPeriod)) {
    // The period just began: the difference in price, in full (rounded to the cent).
    model.paidCents += price(s) - price(model.sub.paidThisPeriod);
    model.credits += BILLING_PLANS[s].credits - BILLING_PLANS[model.sub.paidThisPeriod].credits;
    model.sub.paidThisPeriod = s;
  }
  model.sub.plan = s;
  model.sub.cancelling = false;
}

/** Every sequence of four steps that starts by choosing a plan (cancel/renew first do nothing). */
const sequences: Step[][] = [];
for (const first of ['basic', 'premium'] as const)
  for (const b of STEPS)
    for (const c of STEPS) for (const d of STEPS) sequences.push([first, b, c, d]);

describe('plan changes: charged and granted once per period, whatever the order', () => {
  it(`agrees with the rules after every step of ${sequences.length} sequences`, async () => {
    for (const sequence of sequences) {
      const { user, headers } = await newSignedInUser(app);
      await setCredits(app, user.id, 0);
      const model: Model = { sub: null, credits: 0, paidCents: 0 };
      for (const [i, s] of sequence.entries()) {
        await step(model, s, headers);
        const where = `${sequence.slice(0, i + 1).join(' → ')}`;
        expect(await creditsOf(app, user.id), where).toEqual({
          balance: model.credits,
          ledger: model.credits,
        });
        expect(await paidCentsOf(user.id), where).toBe(model.paidCents);
      }
    }
  }, 600_000);

  it('Basic → Premium → Basic → Premium in one month pays the upgrade once', async () => {
    const { user, headers } = await newSignedInUser(app);
    await setCredits(app, user.id, 0);
    const model: Model = { sub: null, credits: 0, paidCents: 0 };
    for (const s of ['basic', 'premium', 'basic', 'premium'] as const)
      await step(model, s, headers);
    expect(await paidCentsOf(user.id)).toBe(999 + 1000);
    expect(await creditsOf(app, user.id)).toEqual({ balance: 5000, ledger: 5000 });
  });
});
