import type { BillingMode, SubscriptionResponse } from '@image-lab/contract';
import type { PlanId } from './billing-plans.ts';
import { AppError } from '../../platform/errors.ts';

/** What the routes ask of a payment provider; Stripe and the local test provider both do it. */
export interface BillingProvider {
  readonly mode: BillingMode;
  /** Starts (or reuses an incomplete) subscription, or changes the plan of a running one. */
  subscribe(accountId: string, plan: PlanId): Promise<SubscriptionResponse>;
  /** A client secret for a one-off purchase whose amount the server chose. */
  payOnce(
    accountId: string,
    purchase: { purpose: 'premium_rooms'; cents: number },
  ): Promise<string>;
  /** Cancels at the end of the paid period, or takes that back. */
  setCancelAtPeriodEnd(accountId: string, cancel: boolean): Promise<void>;
}

export const PLAN_NAMES: Record<PlanId, string> = { basic: 'Basic', premium: 'Premium' };

export const alreadySubscribed = (plan: PlanId) =>
  new AppError(
    409,
    'already_subscribed',
    `You are already subscribed to the ${PLAN_NAMES[plan]} plan.`,
  );

export const alreadyUnlocked = () =>
  new AppError(409, 'already_unlocked', 'Premium room design is already unlocked on this account.');

export const noSubscription = () =>
  new AppError(404, 'no_subscription', 'There is no active subscription on this account.');
