import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors.ts';
import {
  deleteSession,
  findSessionWithUser,
  insertSession,
  touchSession,
  type UserRow,
} from './auth.repository.ts';
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
  }
}

/** Reads the session cookie on every request and fills the request context. */
export function registerSessions(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('accountId', null);
  app.decorateRequest('canWrite', false);
  app.decorateRequest('sessionHash', null);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const idHash = hashToken(token);
    const found = await findSessionWithUser(app.database.db, idHash);
    const now = Date.now();
    const expired =
      !found ||
      found.session.expiresAt.getTime() <= now ||
      found.session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now;
    if (expired) {
      if (found) await deleteSession(app.database.db, idHash);
      clearSessionCookie(reply);
      return;
    }
    if (now - found.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await touchSession(app.database.db, idHash);
    }
    request.user = found.user;
    request.accountId = found.user.id;
    request.canWrite = true;
    request.sessionHash = idHash;
  });
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
}

function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('Unauthorized');
  return request.user;
}
