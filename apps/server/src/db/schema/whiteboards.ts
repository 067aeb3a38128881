import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * One whiteboard per account and project (working areas §2 Whiteboard); project_id null is the
 * account's default board. `document` is the contract's versioned WhiteboardDocument, upgraded
 * by migrateBoard when read; `version` counts saves, so a stale save is refused, never merged.
 */
export const whiteboards = pgTable(
  'whiteboards',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    document: jsonb('document').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who saved last (the owner or a grantee), so a conflicting save can say whose change won. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // NULLS NOT DISTINCT: the default board (project null) is unique per account too.
  (t) => [
    unique('whiteboards_account_project_unique').on(t.accountId, t.projectId).nullsNotDistinct(),
  ],
);
