import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EditReport } from '@image-lab/contract';
import { projects } from './projects.ts';
import { users } from './users.ts';

/**
 * Every stored image of an account: uploads, crops and generated results. `parentId` makes the
 * edits a tree (an edit of an earlier step starts a branch); `rootId` is the upload it began with.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    kind: text('kind', { enum: ['uploaded', 'generated'] }).notNull(),
    /** What made it: 'upload', 'manual-crop', or the provider and operation of an edit. */
    model: text('model').notNull(),
    prompt: text('prompt'),
    filename: text('filename').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    rootId: uuid('root_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    aspectRatio: text('aspect_ratio'),
    bytes: integer('bytes').notNull(),
    contentType: text('content_type').notNull(),
    /** Gallery favourite (working areas §2). */
    favorite: boolean('favorite').notNull().default(false),
    /**
     * Set when the owner chose to show the image in the landing page's public gallery; a link
     * share never does that (docs/decisions/021).
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The gallery's order, newest first: starts as the creation time in milliseconds; dragging
     * an image sets it between its new neighbours' values.
     */
    position: doublePrecision('position')
      .notNull()
      .default(sql`(extract(epoch from now()) * 1000)`),
    /**
     * What the edit that made it did, clause by clause (`EditReport` of the contract), so every
     * device shows the report; null for uploads, crops and results of presets.
     */
    report: jsonb('report').$type<EditReport>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('images_account_created_idx').on(t.accountId, t.createdAt),
    index('images_account_position_idx').on(t.accountId, t.position, t.id),
    index('images_parent_idx').on(t.parentId),
    index('images_project_idx').on(t.projectId),
    index('images_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.publishedAt} is not null`),
  ],
);

/** What analysis found in an image, saved so it is not computed twice. */
export const imageAnalyses = pgTable('image_analyses', {
  imageId: uuid('image_id')
    .primaryKey()
    .references(() => images.id, { onDelete: 'cascade' }),
  analysis: text('analysis').notNull(),
  suggestions: jsonb('suggestions').$type<string[]>().notNull(),
  category: text('category').notNull(),
  categoryPrompts: jsonb('category_prompts').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Slow work (edits, generations): one row per request, its progress and how it ended. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed'] }).notNull(),
    progress: integer('progress').notNull().default(0),
    creditsReserved: integer('credits_reserved').notNull().default(0),
    error: text('error'),
    resultImageIds: jsonb('result_image_ids').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Renewed while the process that will record the job is alive; past it, the job is lost. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** Files the job writes, removed if it fails or its lease runs out. */
    fileKeys: jsonb('file_keys').$type<string[]>(),
    /** What the job does, for the queue (a preset id, or the start of a prompt). */
    label: text('label'),
    /** Handed to the job runner: from here on it waits its turn in the shared queue. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** A worker took it (status running); the duration to finish feeds the estimates. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /** One image's step of a batch (batches.id); its driver renews the lease. */
    batchId: uuid('batch_id'),
  },
  (t) => [
    index('jobs_account_created_idx').on(t.accountId, t.createdAt),
    index('jobs_status_lease_idx').on(t.status, t.leaseExpiresAt),
    index('jobs_batch_idx').on(t.batchId),
    index('jobs_waiting_idx').on(t.status, t.submittedAt),
    index('jobs_kind_finished_idx').on(t.kind, t.status, t.finishedAt),
  ],
);
