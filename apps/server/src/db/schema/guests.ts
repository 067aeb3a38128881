import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Free results a visitor without an account has used in the current day, counted both per
 * guest cookie and per network address so clearing cookies does not reset the allowance.
 */
export const guestUsage = pgTable('guest_usage', {
  key: text('key').primaryKey(),
  used: integer('used').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files made for guests: never part of a gallery, removed after a day. */
export const guestFiles = pgTable(
  'guest_files',
  {
    storageKey: text('storage_key').primaryKey(),
    guestHash: text('guest_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_files_created_idx').on(t.createdAt)],
);
