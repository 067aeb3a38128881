import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors.ts';
import { requireWrite } from '../../platform/session.ts';
import { existingGuest, guestOf } from '../../platform/guest-identity.ts';

/**
 * Who a room design belongs to: the acting account, or a visitor without one. Guests are known
 * by the hash of their HttpOnly guest cookie (never by the session id the browser sends, which
 * anyone could copy); the session id only narrows their list to one browser session.
 */
export type RoomOwner =
  { kind: 'account'; accountId: string } | { kind: 'guest'; guestHash: string };

/** For reads: the account (read access is enough), else the guest cookie, else nobody. */
export function readerOf(request: FastifyRequest): RoomOwner | undefined {
  if (request.user) return { kind: 'account', accountId: request.accountId ?? request.user.id };
  const guestHash = existingGuest(request);
  return guestHash ? { kind: 'guest', guestHash } : undefined;
}

export function requireReader(request: FastifyRequest): RoomOwner {
  const owner = readerOf(request);
  if (!owner) throw unauthorized('Unauthorized');
  return owner;
}

/** Whether the reader may change what it reads: a guest its own designs, a person by permission. */
export const readerMayWrite = (request: FastifyRequest) => !request.user || request.canWrite;

/** For changes: write access to the account, or an existing guest cookie. */
export function requireWriter(request: FastifyRequest): RoomOwner {
  if (request.user) return { kind: 'account', accountId: requireWrite(request).accountId };
  return requireReader(request);
}

/** For an upload: as for changes, but a first-time guest gets the cookie here. */
export function uploaderOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): RoomOwner {
  if (request.user) return requireWriter(request);
  if (app.config.guestFreeImages <= 0) throw unauthorized('Unauthorized');
  return { kind: 'guest', guestHash: guestOf(app, request, reply) };
}

/** The channel of live events: the account's (guests follow progress by polling). */
export const eventChannelOf = (owner: RoomOwner) =>
  owner.kind === 'account' ? owner.accountId : undefined;

/** Storage folder of an owner's designs; a guest's by its hash, never its cookie. */
export const ownerFolder = (owner: RoomOwner) =>
  owner.kind === 'account' ? owner.accountId : `guest-${owner.guestHash}`;
