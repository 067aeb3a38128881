import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ViewingAccount } from '@image-lab/contract';
import { AppError, unauthorized } from './errors.ts';
import { announceAccessChange } from './events.ts';
import {
  deleteSession,
  findSessionWithUser,
  findShare,
  insertSession,
  setActingAccount,
  touchSession,
  type UserRow,
} from './session.repository.ts';
import { hashToken, randomToken } from './secrets.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_IDLE_MS = 14 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
const TOUCH_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, or null. */
    user: UserRow | null;
    /** The account being acted on; every query of working data is scoped by it. */
    accountId: string | null;
    /** Whether the acting person may change that account's data. */
    canWrite: boolean;
    sessionHash: string | null;
    /** Set while acting on an account shared with the signed-in person. */
    viewing: ViewingAccount | null;
  }
}

/** Reads the session cookie on every request and fills the request context. */
export function registerSessions(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('accountId', null);
  app.decorateRequest('canWrite', false);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('viewing', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const idHash = hashToken(token);
    const access = await accessOf(app, idHash);
    if (!access) {
      clearSessionCookie(reply);
      return;
    }
    request.user = access.user;
    request.accountId = access.accountId;
    request.canWrite = access.canWrite;
    request.sessionHash = idHash;
    request.viewing = access.viewing;
  });
}

export interface SessionAccess {
  user: UserRow;
  accountId: string;
  canWrite: boolean;
  viewing: ViewingAccount | null;
}

/**
 * What a session may do now: whose account it acts on and whether it may write, or null when
 * the session has ended. Read on every request and again by open event streams, so a revoked
 * share or a changed role takes effect at once.
 */
export async function accessOf(
  app: FastifyInstance,
  idHash: string,
): Promise<SessionAccess | null> {
  const found = await findSessionWithUser(app.database.db, idHash);
  const now = Date.now();
  const expired =
    !found ||
    found.session.expiresAt.getTime() <= now ||
    found.session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now;
  if (expired) {
    if (found) await deleteSession(app.database.db, idHash);
    return null;
  }
  if (now - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await touchSession(app.database.db, idHash);
  }
  const own = { user: found.user, accountId: found.user.id, canWrite: true, viewing: null };
  const acting = found.session.actingAccountId;
  if (!acting) return own;
  const share = await findShare(app.database.db, acting, found.user.id);
  if (!share) {
    await setActingAccount(app.database.db, idHash, null);
    return own;
  }
  return {
    user: found.user,
    accountId: acting,
    canWrite: share.permissions === 'write',
    viewing: share,
  };
}

/** A new session id at every sign-in: the old one, if any, is dropped. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) {
  if (request.sessionHash) await deleteSession(app.database.db, request.sessionHash);
  const token = randomToken();
  await insertSession(app.database.db, {
    idHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.isProduction,
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export async function endSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (request.sessionHash) await deleteSession(app.database.db, request.sessionHash);
  clearSessionCookie(reply);
  // This session's other tabs must stop receiving the account's events now.
  if (request.user) await announceAccessChange(app.events, [request.user.id]);
}

function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Unauthorized');
  return request.user;
}

/** Writes to the acting account's working data need write permission. */
export function requireWrite(request: FastifyRequest): { user: UserRow; accountId: string } {
  const user = requireUser(request);
  if (!request.canWrite) {
    throw new AppError(403, 'read_only_access', 'You have read-only access to this shared account');
  }
  return { user, accountId: request.accountId ?? user.id };
}

/** Account-level actions (sharing, password, 2FA, billing, deletion) only on one's own account. */
export function requireOwnAccount(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (request.accountId !== user.id) {
    throw new AppError(403, 'own_account_only', 'Switch back to your own account to do this');
  }
  return user;
}
