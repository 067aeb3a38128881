import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { addMonths, invoiceCredits, oneOffPurchase } from './billing-plans.ts';
import { luhnValid } from './test-card.ts';

describe('invoiceCredits', () => {
  it('grants the plan’s credits for the first and every renewal invoice', () => {
    expect(invoiceCredits('basic', 'subscription_create', null)).toBe(1000);
    expect(invoiceCredits('premium', 'subscription_cycle', null)).toBe(5000);
  });
  it('tops an upgraded month up to the bigger plan, and grants nothing for other invoices', () => {
    expect(invoiceCredits('premium', 'subscription_update', 'basic')).toBe(4000);
    expect(invoiceCredits('basic', 'subscription_update', 'premium')).toBe(0);
    expect(invoiceCredits('basic', 'manual', null)).toBe(0);
    expect(invoiceCredits(null, 'subscription_cycle', null)).toBe(0);
  });
});

describe('oneOffPurchase', () => {
  it('sells only what is on the price list', () => {
    expect(oneOffPurchase(29.99)).toEqual({ purpose: 'premium_rooms', cents: 2999 });
    expect(oneOffPurchase(29.989999999)).toEqual({ purpose: 'premium_rooms', cents: 2999 });
    for (const amount of [0, 2999, 9.99, -29.99, Number.NaN, Infinity]) {
      expect(oneOffPurchase(amount)).toBeNull();
    }
  });
});

describe('addMonths', () => {
  it('keeps the day, clamped to the end of shorter months', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 2).toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });
});

describe('luhnValid', () => {
  it('accepts Stripe’s test cards and refuses a mistyped number', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});

describe('Stripe configuration', () => {
  it('is test mode without keys and refuses a key without its companions', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY, STRIPE_PRICE_BASIC, STRIPE_PRICE_PREMIUM must be set/,
    );
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_PRICE_BASIC: 'price_a',
      STRIPE_PRICE_PREMIUM: 'price_b',
    });
    expect(config.stripe?.prices).toEqual({ basic: 'price_a', premium: 'price_b' });
  });
});
