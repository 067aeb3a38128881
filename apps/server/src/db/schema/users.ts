import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Stored lower-cased; uniqueness is on this column. */
    email: text('email').notNull().unique(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Base32 TOTP secret once enabled; the pending one lives here during setup. */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    /** The last accepted time step, so a code can never be used twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The owner chose to leave the GPS position in what the public sees of their images. */
    keepsPublicLocation: boolean('keeps_public_location').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_created_at_idx').on(t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque cookie value; the value itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set after switch-account: the owner whose account this session acts on. */
    actingAccountId: uuid('acting_account_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use links sent by mail (verify an address, reset a password); stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['verify_email', 'reset_password', 'login_2fa', 'change_email'],
    }).notNull(),
    /** For change_email: the new address, applied when the link is opened. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Single-use recovery codes for two-factor sign-in; stored hashed. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);
