import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The balance an account can spend; changed only together with a ledger row. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_balances_not_negative', sql`${t.credits} >= 0`)],
);

/** Every change of a balance, for audit and history; the key makes each change happen once. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_account_created_idx').on(t.accountId, t.createdAt)],
);
