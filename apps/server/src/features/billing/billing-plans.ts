import { BILLING_PLANS, PREMIUM_ROOMS_AMOUNT, type PlanId } from '@image-lab/contract';

export type { PlanId };

/** Statuses in which the subscriber has paid for the current period. */
const PAID_UP = new Set(['active', 'trialing']);
/** Statuses a subscription can still leave by itself; anything else has ended. */
const LIVE = new Set(['active', 'trialing', 'past_due', 'incomplete', 'unpaid', 'paused']);

export const isPaidUp = (status: string) => PAID_UP.has(status);
export const isLive = (status: string) => LIVE.has(status);

export const planCredits = (plan: PlanId) => BILLING_PLANS[plan].credits;
export const planPriceCents = (plan: PlanId) => BILLING_PLANS[plan].priceCents;

/**
 * Credits an invoice grants once paid: a plan's monthly credits for the first and every renewal
 * invoice; on an upgrade's proration invoice the difference between the plans, so an upgraded
 * month holds Premium's credits in total. Other invoices (manual, threshold) grant nothing.
 */
export function invoiceCredits(
  plan: PlanId | null,
  billingReason: string | null,
  previousPlan: PlanId | null,
): number {
  if (!plan) return 0;
  if (billingReason === 'subscription_create' || billingReason === 'subscription_cycle') {
    return planCredits(plan);
  }
  if (billingReason === 'subscription_update') {
    const before = previousPlan ? planCredits(previousPlan) : 0;
    return Math.max(0, planCredits(plan) - before);
  }
  return 0;
}

/** One-off purchases by their price: the client sends dollars; only listed amounts are sold. */
export function oneOffPurchase(amount: number): { purpose: 'premium_rooms'; cents: number } | null {
  if (Math.round(amount * 100) === Math.round(PREMIUM_ROOMS_AMOUNT * 100)) {
    return { purpose: 'premium_rooms', cents: Math.round(PREMIUM_ROOMS_AMOUNT * 100) };
  }
  return null;
}

/** Calendar months in UTC, the day clamped to the month's last (Jan 31 → Feb 28). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
