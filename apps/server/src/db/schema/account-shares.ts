import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An owner lets another person use their account. The grantee is known by e-mail; if that
 * address has no account yet, granteeId fills in when it registers.
 */
export const accountShares = pgTable(
  'account_shares',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    granteeEmail: text('grantee_email').notNull(),
    granteeId: uuid('grantee_id').references(() => users.id, { onDelete: 'cascade' }),
    permissions: text('permissions', { enum: ['read', 'write'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('account_shares_owner_email_unique').on(t.ownerId, t.granteeEmail),
    index('account_shares_grantee_idx').on(t.granteeId),
    index('account_shares_grantee_email_idx').on(t.granteeEmail),
  ],
);
