import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An account's place at the payment provider (a Stripe customer, or `cus_local_...` in test
 * mode) and what one-off purchases unlocked. One row per account.
 */
export const billingAccounts = pgTable('billing_accounts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').unique(),
  /** Set by the paid premium room upgrade (29.99 USD): unlimited room designs. */
  premiumRoomsAt: timestamp('premium_rooms_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The provider's subscription as last read from it; the provider is the truth, this a copy. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').notNull(),
    plan: text('plan', { enum: ['basic', 'premium'] }).notNull(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Test mode only: SHA-256 of the client secret the local card form confirms. */
    clientSecretHash: text('client_secret_hash'),
    /**
     * When the copy was read from the provider. A write with an older read is ignored, so two
     * webhooks handled at once can never put an older state over a newer one.
     */
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_account_idx').on(t.accountId, t.createdAt)],
);

/** Subscription invoices, paid or failed, for the account's invoice list. */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    plan: text('plan', { enum: ['basic', 'premium'] }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['paid', 'failed'] }).notNull(),
    billingReason: text('billing_reason'),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    hostedUrl: text('hosted_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_invoices_account_idx').on(t.accountId, t.createdAt)],
);

/** One-off payments (the premium room upgrade), from creation to success or failure. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    /** Our id; also the idempotency key of the provider call that creates the intent. */
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    intentId: text('intent_id').unique(),
    purpose: text('purpose', { enum: ['premium_rooms'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    failureMessage: text('failure_message'),
    /** Test mode only: SHA-256 of the client secret. */
    clientSecretHash: text('client_secret_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_payments_account_idx').on(t.accountId, t.createdAt)],
);

/** Provider events already applied; written in the same transaction as their effect. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
