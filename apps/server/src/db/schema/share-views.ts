import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who has seen a share, so its view count counts each visitor once (docs/decisions/021). A
 * visitor is a signed-in person's id or a salted hash of the network address, never the address.
 */
export const shareViews = pgTable(
  'share_views',
  {
    /** 'project', 'gallery' or 'design', and that share's id. */
    shareKind: text('share_kind').notNull(),
    shareId: text('share_id').notNull(),
    visitor: text('visitor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shareKind, t.shareId, t.visitor] })],
);

/** Random values the server made once and every process shares (the visitor-hash salt). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
