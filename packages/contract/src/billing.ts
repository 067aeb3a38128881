import { z } from 'zod';
import { PLAN_IDS } from './catalogue.ts';

export const PlanId = z.enum(PLAN_IDS, { message: 'plan must be basic or premium' });
export type PlanId = z.infer<typeof PlanId>;

/** `stripe` with keys configured; `test` (the default) completes payments locally, offline. */
export const BillingMode = z.enum(['stripe', 'test']);
export type BillingMode = z.infer<typeof BillingMode>;

/** POST /api/get-or-create-subscription (working areas §7). */
export const SubscriptionRequest = z.object({ plan: PlanId });
export type SubscriptionRequest = z.infer<typeof SubscriptionRequest>;

/**
 * `clientSecret` confirms the first payment; it is null when nothing needs confirming (a plan
 * change charged to the card already on file).
 */
export const SubscriptionResponse = z.object({
  clientSecret: z.string().nullable(),
  subscriptionId: z.string(),
  plan: PlanId,
  status: z.string(),
  mode: BillingMode,
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

/** POST /api/create-payment-intent: the amount in dollars, checked against the price list. */
export const PaymentIntentRequest = z.object({
  amount: z.number({ message: 'amount must be a number' }),
});
export type PaymentIntentRequest = z.infer<typeof PaymentIntentRequest>;

export const PaymentIntentResponse = z.object({
  clientSecret: z.string(),
  mode: BillingMode,
});
export type PaymentIntentResponse = z.infer<typeof PaymentIntentResponse>;

/** GET /api/billing/config: what the payment screens need before they draw. */
export const BillingConfig = z.object({
  mode: BillingMode,
  /** Stripe's publishable key; null in test mode. */
  publishableKey: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof BillingConfig>;

export const BillingSubscription = z.object({
  id: z.string(),
  plan: PlanId,
  /** The provider's status: incomplete, active, past_due, canceled, ... */
  status: z.string(),
  /** Paid up: active (also while a cancellation waits for the period end) or trialing. */
  active: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type BillingSubscription = z.infer<typeof BillingSubscription>;

export const BillingInvoice = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'premium_rooms']),
  plan: PlanId.nullable(),
  /** In dollars. */
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['paid', 'failed', 'pending']),
  createdAt: z.string(),
  hostedUrl: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof BillingInvoice>;

/** GET /api/billing: the account settings' billing section. */
export const BillingOverview = z.object({
  mode: BillingMode,
  subscription: BillingSubscription.nullable(),
  premiumRooms: z.boolean(),
  creditsRemaining: z.number().int(),
  invoices: z.array(BillingInvoice),
});
export type BillingOverview = z.infer<typeof BillingOverview>;

/** The billing fields added to /api/user/stats and /api/auth/user (server truth, §5 of issue). */
export const BillingFlags = z.object({
  subscribed: z.boolean(),
  plan: PlanId.nullable(),
  premiumRooms: z.boolean(),
});
export type BillingFlags = z.infer<typeof BillingFlags>;

export const CreditHistoryQuery = z.object({
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 100' })
    .int('limit must be a whole number from 1 to 100')
    .min(1, 'limit must be a whole number from 1 to 100')
    .max(100, 'limit must be a whole number from 1 to 100')
    .default(20),
});
export type CreditHistoryQuery = z.infer<typeof CreditHistoryQuery>;

export const CreditHistoryEntry = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditHistoryEntry = z.infer<typeof CreditHistoryEntry>;

export const CreditHistoryResponse = z.object({
  entries: z.array(CreditHistoryEntry),
  nextCursor: z.string().nullable(),
});
export type CreditHistoryResponse = z.infer<typeof CreditHistoryResponse>;

/** POST /api/billing/test-card: test mode's card form confirms a client secret. */
export const TestCardRequest = z.object({
  clientSecret: z.string().min(1).max(300),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is invalid.')),
  expiry: z
    .string()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Your card's expiration date is invalid."),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is invalid."),
});
export type TestCardRequest = z.input<typeof TestCardRequest>;

export const TestCardResponse = z.object({ status: z.literal('succeeded') });
export type TestCardResponse = z.infer<typeof TestCardResponse>;
