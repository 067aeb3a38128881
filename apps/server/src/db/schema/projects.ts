import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A named group of an account's images (working areas §3). Its images are those whose
 * `images.project_id` names it. Public projects are open at /share/{shareToken}.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Storage key of the image the project started from, when it was saved from the editor. */
    originalImageKey: text('original_image_key'),
    isPublic: boolean('is_public').notNull().default(false),
    /** At least 128 random bits, URL-safe; a new one each time sharing is turned on. */
    shareToken: text('share_token').unique(),
    /** Who turned sharing on (the owner, or a write grantee whose links end with their access). */
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    /** The account's active project is the one activated last. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_account_updated_idx').on(t.accountId, t.updatedAt),
    index('projects_account_activated_idx').on(t.accountId, t.activatedAt),
  ],
);

/**
 * A link to an account's gallery or a selection of it (foundations §2.12): expires, can be
 * revoked, and can be sent to another person by e-mail.
 */
export const galleryShares = pgTable(
  'gallery_shares',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    /** The shared selection; null shares the whole gallery as it is when opened. */
    imageIds: uuid('image_ids').array(),
    sharedWithEmail: text('shared_with_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    /** Who made the link (the owner, or a write grantee whose links end with their access). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gallery_shares_account_idx').on(t.accountId, t.createdAt)],
);
