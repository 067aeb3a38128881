import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { backupCodes, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/session.repository.ts';
import { hashToken, verifyPassword } from '../../platform/secrets.ts';

export const BACKUP_CODE_COUNT = 10;
export const INVALID_CODE = 'Invalid verification code';
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newBackupCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => BACKUP_ALPHABET[b % BACKUP_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normaliseBackup = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/** Starts setup: a pending secret, its QR code, and fresh backup codes (shown once). */
export async function startSetup(app: FastifyInstance, user: UserRow) {
  if (user.totpEnabled) throw new AppError(409, 'two_factor_enabled', '2FA is already enabled');
  const secret = generateSecret();
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  await app.database.db.transaction(async (tx) => {
    await tx.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
    await tx
      .insert(backupCodes)
      .values(codes.map((code) => ({ codeHash: hashToken(code), userId: user.id })));
  });
  const uri = generateURI({ issuer: 'Image Lab', label: user.email, secret });
  return { qrCodeUrl: await QRCode.toDataURL(uri), secret, backupCodes: codes };
}

/** A TOTP code that is valid now and newer than the last one accepted (no replays). */
async function acceptTotp(app: FastifyInstance, user: UserRow, secret: string, token: string) {
  if (!/^\d{6}$/.test(token)) return false;
  const result = await verify({
    secret,
    token,
    epochTolerance: 30,
    ...(user.totpLastStep ? { afterTimeStep: user.totpLastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid || !('timeStep' in result)) return false;
  // Guarded so two concurrent requests with the same code cannot both pass.
  const updated = await app.database.db
    .update(users)
    .set({ totpLastStep: result.timeStep })
    .where(
      and(
        eq(users.id, user.id),
        user.totpLastStep === null
          ? isNull(users.totpLastStep)
          : eq(users.totpLastStep, user.totpLastStep),
      ),
    )
    .returning({ id: users.id });
  return updated.length === 1;
}

async function acceptBackupCode(app: FastifyInstance, userId: string, code: string) {
  const used = await app.database.db
    .update(backupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(backupCodes.codeHash, hashToken(normaliseBackup(code))),
        eq(backupCodes.userId, userId),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ userId: backupCodes.userId });
  return used.length === 1;
}

export async function enable(app: FastifyInstance, user: UserRow, token: string) {
  if (!user.totpPendingSecret) throw new AppError(400, 'no_setup', 'Start 2FA setup first');
  if (!(await acceptTotp(app, user, user.totpPendingSecret, token))) {
    throw new AppError(400, 'invalid_code', INVALID_CODE);
  }
  await app.database.db
    .update(users)
    .set({ totpEnabled: true, totpSecret: user.totpPendingSecret, totpPendingSecret: null })
    .where(eq(users.id, user.id));
}

/** The second factor at sign-in: a fresh TOTP code or an unused backup code. */
export async function checkSecondFactor(app: FastifyInstance, user: UserRow, token: string) {
  const ok =
    (user.totpSecret && (await acceptTotp(app, user, user.totpSecret, token.trim()))) ||
    (await acceptBackupCode(app, user.id, token));
  if (!ok) throw new AppError(401, 'invalid_code', INVALID_CODE);
}

export async function disable(
  app: FastifyInstance,
  user: UserRow,
  password: string,
  token: string,
) {
  const passwordOk = user.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
  // 400, not 401: the person is signed in, only the confirmation is wrong.
  if (!passwordOk) throw new AppError(400, 'invalid_password', 'Invalid password');
  await checkSecondFactor(app, user, token).catch(() => {
    throw new AppError(400, 'invalid_code', INVALID_CODE);
  });
  await app.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpEnabled: false, totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
  });
}
