import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RecipeStep } from '@image-lab/contract';
import { images } from './images.ts';
import { projects } from './projects.ts';
import { users } from './users.ts';

/** What a batch does to each image: the steps, and what the person chose them as. */
export interface BatchOperationRecord {
  kind: 'preset' | 'prompt' | 'recipe';
  /** The recipe's id and name when it came from one (the steps are copied, not referenced). */
  recipeId?: string;
  name?: string;
  steps: RecipeStep[];
}

/**
 * One request to apply the same steps to many images (issue 22, item 1). An account's batch
 * reserves a leased job row per image and step (jobs.batch_id); a visitor's takes its daily
 * allowance (`allowance_keys` are the counters to give back). The process driving the batch
 * renews `lease_expires_at`; past it, the sweep ends every open item and gives its price back.
 */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id').references(() => users.id, { onDelete: 'cascade' }),
    guestHash: text('guest_hash'),
    allowanceKeys: jsonb('allowance_keys').$type<string[]>(),
    operation: jsonb('operation').$type<BatchOperationRecord>().notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['running', 'finished', 'cancelled'] }).notNull(),
    creditsPerImage: integer('credits_per_image').notNull(),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('batches_account_created_idx').on(t.accountId, t.createdAt),
    index('batches_guest_created_idx').on(t.guestHash, t.createdAt),
    index('batches_status_lease_idx').on(t.status, t.leaseExpiresAt),
  ],
);

/** One image of a batch: where it is in its steps, and what came of it. */
export const batchItems = pgTable(
  'batch_items',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sourceImageId: uuid('source_image_id').references(() => images.id, { onDelete: 'set null' }),
    sourceKey: text('source_key').notNull(),
    status: text('status', {
      enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'],
    }).notNull(),
    /** Steps done so far. */
    step: integer('step').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    /** An account's reserved job per step, in order. */
    jobIds: jsonb('job_ids').$type<string[]>(),
    /** A visitor's free results this image still holds (given back if it does not finish). */
    allowanceHeld: integer('allowance_held').notNull().default(0),
    resultImageId: uuid('result_image_id').references(() => images.id, { onDelete: 'set null' }),
    resultKey: text('result_key'),
    error: text('error'),
    errorCode: text('error_code'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('batch_items_batch_position_idx').on(t.batchId, t.position)],
);
