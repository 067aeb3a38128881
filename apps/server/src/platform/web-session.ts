import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.ts';

/** JSON inside a script element: nothing in it can close the element or end a line early. */
export const escapeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, ' ');

/**
 * For a page the browser draws itself (the signed-in screens): who is signed in, as
 * /api/auth/user answers it, in a data block the app reads before its first paint. Without it the
 * app drew the signed-out landing while it asked, and swapped in the screen a moment later.
 * Empty when the request carries no session; `null` when the session is no longer valid.
 */
export async function sessionUserBlock(app: FastifyInstance, request: FastifyRequest) {
  const cookie = request.headers.cookie;
  if (!cookie || !request.cookies[SESSION_COOKIE]) return '';
  const answer = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const user = answer.statusCode === 200 ? (JSON.parse(answer.body) as unknown) : null;
  if (answer.statusCode !== 200 && answer.statusCode !== 401) return '';
  return `<script type="application/json" id="session-user">${escapeJson(user)}</script>`;
}
