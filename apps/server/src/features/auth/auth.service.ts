import type { CurrentUser, RegisterRequest, ViewingAccount } from '@image-lab/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import {
  consumeToken,
  deleteSessionsOfUser,
  findUserByEmail,
  findUserById,
  insertToken,
  insertUser,
  markEmailVerified,
  setPassword,
  type TokenPurpose,
} from './auth.repository.ts';
import type { UserRow } from '../../platform/session.repository.ts';
import { alreadyRegisteredMail, resetMail, verificationMail } from './auth-mails.ts';
import {
  hashPassword,
  hashToken,
  randomToken,
  verifyAgainstNothing,
  verifyPassword,
} from '../../platform/secrets.ts';

export const VERIFY_TOKEN_TTL_MS = 24 * 3600_000;
export const RESET_TOKEN_TTL_MS = 3600_000;
export const INVALID_RESET = 'This password reset link is invalid or has expired';
export const INVALID_LOGIN = 'Invalid email or password';

export function toCurrentUser(user: UserRow, viewing?: ViewingAccount | null): CurrentUser {
  return {
    ...(viewing ? { viewing } : {}),
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    emailVerified: user.emailVerifiedAt !== null,
    twoFactorEnabled: user.totpEnabled,
    keepsPublicLocation: user.keepsPublicLocation,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function issueToken(
  app: FastifyInstance,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
) {
  const token = randomToken();
  await insertToken(app.database.db, {
    idHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * Creates the account and mails a verification link. An address that already has an account
 * gets a notice by mail instead, and the answer does not say which happened.
 */
export async function register(app: FastifyInstance, input: RegisterRequest) {
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(app.database.db, { ...input, passwordHash });
  const base = app.config.publicUrl;
  if (!user) {
    await app.mailer.send(
      alreadyRegisteredMail(input.email, `${base}/login`, `${base}/forgot-password`),
    );
    return { user: undefined, verificationUrl: undefined };
  }
  const token = await issueToken(app, user.id, 'verify_email', VERIFY_TOKEN_TTL_MS);
  const verificationUrl = `${base}/api/auth/verify-email?token=${token}`;
  await app.mailer.send(verificationMail(user.email, user.firstName, verificationUrl));
  return { user, verificationUrl };
}

export async function verifyEmail(app: FastifyInstance, token: string) {
  const userId = await consumeToken(app.database.db, hashToken(token), 'verify_email');
  if (!userId) return undefined;
  await markEmailVerified(app.database.db, userId);
  // Shares offered to this address become usable once the address is proven.
  const user = await findUserById(app.database.db, userId);
  if (user) await app.accountHooks.addressVerified(app, { userId, email: user.email });
  return userId;
}

export async function authenticate(app: FastifyInstance, email: string, password: string) {
  const user = await findUserByEmail(app.database.db, email.trim());
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstNothing(password);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', INVALID_LOGIN);
  return user;
}

/** Same answer whether or not the address has an account; the link goes only to the owner. */
export async function requestPasswordReset(app: FastifyInstance, email: string) {
  const user = await findUserByEmail(app.database.db, email);
  if (!user) return undefined;
  const token = await issueToken(app, user.id, 'reset_password', RESET_TOKEN_TTL_MS);
  const resetUrl = `${app.config.publicUrl}/reset-password?token=${token}`;
  await app.mailer.send(resetMail(user.email, user.firstName, resetUrl));
  return resetUrl;
}

/** Sets the new password and ends every session of the account. */
export async function resetPassword(app: FastifyInstance, token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  await app.database.db.transaction(async (tx) => {
    const db = tx as unknown as typeof app.database.db;
    const userId = await consumeToken(db, hashToken(token), 'reset_password');
    if (!userId) throw new AppError(400, 'invalid_reset_token', INVALID_RESET);
    await setPassword(db, userId, passwordHash);
    await deleteSessionsOfUser(db, userId);
  });
}
