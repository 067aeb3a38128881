import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountShares, authTokens, creditLedger, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { announceAccessChange } from '../../platform/events.ts';
import { accountFolders } from '../../platform/file-access.ts';
import { findUserByEmail, setPassword } from './auth.repository.ts';
import type { UserRow } from '../../platform/session.repository.ts';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../platform/secrets.ts';

export const WRONG_PASSWORD = 'Your current password is not correct';
const CHANGE_EMAIL_TTL_MS = 24 * 3600_000;

async function confirmPassword(user: UserRow, password: string) {
  const ok = user.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  // 400, not 401: the person is signed in; only the confirmation is wrong.
  if (!ok) throw new AppError(400, 'wrong_password', WRONG_PASSWORD);
}

export async function signOutOtherSessions(app: FastifyInstance, userId: string, keep: string) {
  await app.database.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.idHash, keep)));
}

export async function changePassword(
  app: FastifyInstance,
  user: UserRow,
  currentSession: string,
  currentPassword: string,
  newPassword: string,
) {
  await confirmPassword(user, currentPassword);
  await setPassword(app.database.db, user.id, await hashPassword(newPassword));
  await signOutOtherSessions(app, user.id, currentSession);
}

/** Mails a link to the new address; the address changes only when that link is opened. */
export async function requestEmailChange(
  app: FastifyInstance,
  user: UserRow,
  newEmail: string,
  password: string,
) {
  await confirmPassword(user, password);
  const email = newEmail.toLowerCase();
  if (email === user.email) throw new AppError(400, 'same_email', 'This is already your email');
  // An address that belongs to another account gets no link, and the answer does not say so.
  if (await findUserByEmail(app.database.db, email)) return undefined;
  const token = randomToken();
  await app.database.db.insert(authTokens).values({
    idHash: hashToken(token),
    userId: user.id,
    purpose: 'change_email',
    newEmail: email,
    expiresAt: new Date(Date.now() + CHANGE_EMAIL_TTL_MS),
  });
  const url = `${app.config.publicUrl}/api/auth/confirm-email-change?token=${token}`;
  await app.mailer.send({
    to: email,
    subject: 'Confirm your new email for Image Lab',
    text: `Hi,\n\nOpen this link to use this address for your Image Lab account:\n\n${url}\n\nIf you did not ask for this, you can ignore this message.\n\n— Image Lab`,
  });
  return url;
}

export async function confirmEmailChange(app: FastifyInstance, token: string) {
  try {
    return await app.database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(authTokens.idHash, hashToken(token)),
            eq(authTokens.purpose, 'change_email'),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!row?.newEmail) return false;
      await tx
        .update(users)
        .set({ email: row.newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, row.userId));
      return true;
    });
  } catch {
    // The address was taken in the meantime (unique violation): the link simply fails.
    return false;
  }
}

export async function deleteAccount(app: FastifyInstance, user: UserRow, password: string) {
  await confirmPassword(user, password);
  const keys = await app.accountHooks.accountFiles(app, user.id);
  const grantees = await app.database.db
    .select({ id: accountShares.granteeId })
    .from(accountShares)
    .where(eq(accountShares.ownerId, user.id));
  // Everything of the account goes with it (foreign keys cascade), then its files, their
  // renditions, and whatever else its folders still hold (a file an earlier failure left).
  await app.database.db.delete(users).where(eq(users.id, user.id));
  await Promise.allSettled(keys.map((key) => app.storage.delete(key)));
  await announceAccessChange(app.events, [user.id, ...grantees.map((g) => g.id)]);
  await Promise.allSettled(
    accountFolders(user.id).map((prefix) => app.storage.deletePrefix(prefix)),
  );
}

/** Everything we keep about a person, as JSON (no hashes, no secrets). */
export async function exportData(app: FastifyInstance, user: UserRow) {
  const db = app.database.db;
  const [given, ledger, sessionRows, featureParts] = await Promise.all([
    db.select().from(accountShares).where(eq(accountShares.ownerId, user.id)),
    db.select().from(creditLedger).where(eq(creditLedger.accountId, user.id)),
    db
      .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.userId, user.id)),
    app.accountHooks.accountExport(app, user.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      emailVerifiedAt: user.emailVerifiedAt,
      twoFactorEnabled: user.totpEnabled,
      keepsPublicLocation: user.keepsPublicLocation,
      createdAt: user.createdAt,
    },
    accountShares: given.map((s) => ({
      email: s.granteeEmail,
      permissions: s.permissions,
      createdAt: s.createdAt,
    })),
    creditLedger: ledger.map((l) => ({ delta: l.delta, reason: l.reason, createdAt: l.createdAt })),
    sessions: sessionRows,
    ...featureParts,
  };
}
