import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RecipeStep } from '@image-lab/contract';
import { users } from './users.ts';

/**
 * A named list of edit steps (presets and prompts) saved from an image's history branch; the
 * account's, so the people it is shared with use it too (issue 22, item 2).
 */
export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    steps: jsonb('steps').$type<RecipeStep[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recipes_account_created_idx').on(t.accountId, t.createdAt)],
);
