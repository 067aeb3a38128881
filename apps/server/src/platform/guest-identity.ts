import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { hashToken, randomToken } from './secrets.ts';

export const GUEST_COOKIE = 'guest_id';
const GUEST_COOKIE_DAYS = 30;

/**
 * Guests' files live under a prefix derived from a hash of their cookie, never the cookie
 * itself: image addresses are shown and shared, the cookie must stay secret.
 */
export const guestHashOf = (guestId: string) => hashToken(`guest:${guestId}`).slice(0, 32);
export const guestPrefix = (guestHash: string) => `guests/${guestHash}/`;
export const newGuestKey = (guestHash: string) =>
  `${guestPrefix(guestHash)}${crypto.randomUUID()}.jpg`;

/** The id inside a guest key (the file's uuid), used as the record id in the browser. */
export const guestRecordId = (key: string) => key.slice(key.lastIndexOf('/') + 1, -'.jpg'.length);

const isGuestId = (value: string | undefined): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{20,64}$/.test(value);

/** The guest's hash from the cookie, or undefined when the browser has none yet. */
export function existingGuest(request: FastifyRequest): string | undefined {
  const id = request.cookies[GUEST_COOKIE];
  return isGuestId(id) ? guestHashOf(id) : undefined;
}

/** The guest's hash, creating the cookie on the first guest request. */
export function guestOf(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const known = existingGuest(request);
  if (known) return known;
  const id = randomToken();
  reply.setCookie(GUEST_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.isProduction,
    path: '/',
    maxAge: GUEST_COOKIE_DAYS * 86_400,
  });
  return guestHashOf(id);
}

/** A guest may only use files made for this guest; anything else is as good as missing. */
export function assertGuestKey(guestHash: string | undefined, key: string) {
  if (!guestHash || !key.startsWith(guestPrefix(guestHash)) || !key.endsWith('.jpg')) {
    throw new AppError(404, 'not_found', 'Image not found');
  }
}
