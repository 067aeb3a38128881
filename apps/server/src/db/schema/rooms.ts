import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A room design: the uploaded photo and its processing. Owned by an account, or by a guest
 * (the hash of the guest cookie) with the browser's session id. The id is 128 random bits in
 * base64url: it is also the address of the public page, so it must not be guessable.
 */
export const roomUploads = pgTable(
  'room_uploads',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id').references(() => users.id, { onDelete: 'cascade' }),
    guestHash: text('guest_hash'),
    sessionId: text('session_id'),
    status: text('status', { enum: ['uploaded', 'processing', 'completed', 'failed'] }).notNull(),
    progress: integer('progress').notNull().default(0),
    jobId: uuid('job_id'),
    error: text('error'),
    originalKey: text('original_key').notNull(),
    /** The photo at the working size every result shares (set by processing). */
    workingKey: text('working_key'),
    processedKey: text('processed_key'),
    /** What the fill covered (PNG), kept so more styles need no second removal. */
    maskKey: text('mask_key'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Furniture found in the photo: label, score and percentage box. */
    furniture: jsonb('furniture').$type<FurnitureBox[]>(),
    isPublic: boolean('is_public').notNull().default(false),
    /** The public page's key while shared: 128 random bits, new each time sharing is turned on. */
    shareToken: text('share_token').unique(),
    /** Who turned sharing on (the owner, or a write grantee whose links end with their access). */
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('room_uploads_account_created_idx').on(t.accountId, t.createdAt),
    index('room_uploads_guest_created_idx').on(t.guestHash, t.createdAt),
    index('room_uploads_status_idx').on(t.status, t.updatedAt),
  ],
);

export interface FurnitureBox {
  label: string;
  score: number;
  box: { x: number; y: number; width: number; height: number };
}

/** One style of a room design. */
export const roomVariations = pgTable(
  'room_variations',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    uploadId: text('upload_id')
      .notNull()
      .references(() => roomUploads.id, { onDelete: 'cascade' }),
    style: text('style').notNull(),
    title: text('title').notNull(),
    storageKey: text('storage_key').notNull(),
    /** 'local' or the hosted provider that restyled the room. */
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('room_variations_upload_idx').on(t.uploadId, t.createdAt)],
);

/** A piece of furniture found in one image of a design, and the products found for it. */
export const roomSegments = pgTable(
  'room_segments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    uploadId: text('upload_id')
      .notNull()
      .references(() => roomUploads.id, { onDelete: 'cascade' }),
    /** A variation id, or the upload id for the original photo. */
    imageId: text('image_id').notNull(),
    furnitureType: text('furniture_type').notNull(),
    box: jsonb('box').$type<FurnitureBox['box']>().notNull(),
    score: real('score').notNull(),
    colour: text('colour'),
    colourHex: text('colour_hex'),
    results: jsonb('results').$type<StoredSearchResult[]>(),
    resultsSource: text('results_source'),
    searchedAt: timestamp('searched_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('room_segments_image_idx').on(t.uploadId, t.imageId)],
);

export interface StoredSearchResult {
  id: string;
  productName: string;
  store: string;
  price: string;
  rating: number | null;
  imageUrl: string;
  productUrl: string;
}
