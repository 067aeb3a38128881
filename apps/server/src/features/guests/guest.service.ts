import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { assertGuestKey } from '../../platform/guest-identity.ts';
import { storageKeyFromUrl } from '../../platform/own-url.ts';
import { guestFileExists, returnAllowance, takeAllowance, usedToday } from './guest.repository.ts';

export const GUEST_LIMIT_REACHED =
  "You've used today's free edits. Sign up to keep editing and save your work.";
/** A network address may serve a household or an office: it gets a few guests' worth. */
const GUESTS_PER_ADDRESS = 4;

export interface Guest {
  hash: string;
  ip: string;
}

/** The counters a visitor's free results are taken from: its own, and its network address's. */
export function allowanceCounters(app: FastifyInstance, guest: Guest) {
  const limit = app.config.guestFreeImages;
  return [
    { key: `guest:${guest.hash}`, limit },
    {
      key: `ip:${crypto.createHash('sha256').update(guest.ip).digest('hex').slice(0, 32)}`,
      limit: limit * GUESTS_PER_ADDRESS,
    },
  ];
}

/** Free results left today: the smaller of the guest's and the address's remainder. */
export async function guestAllowance(app: FastifyInstance, guest: Guest) {
  const limits = allowanceCounters(app, guest);
  const used = await usedToday(
    app.database.db,
    limits.map((l) => l.key),
  );
  const remaining = Math.max(0, Math.min(...limits.map((l, i) => l.limit - used[i]!)));
  return { remaining, limit: app.config.guestFreeImages };
}

/**
 * Takes `n` free results from the guest and from its network address at once, or refuses with
 * the spec's 402. Every expensive call open to visitors goes through here.
 */
export async function takeGuestAllowance(app: FastifyInstance, guest: Guest, n: number) {
  if (!(await takeAllowance(app.database.db, allowanceCounters(app, guest), n))) {
    throw new AppError(402, 'guest_limit', GUEST_LIMIT_REACHED, 'Free Edits Used');
  }
}

export async function returnGuestAllowance(app: FastifyInstance, guest: Guest, n: number) {
  if (n <= 0) return;
  const keys = allowanceCounters(app, guest).map((l) => l.key);
  await returnAllowance(app.database.db, keys, n);
}

/** The storage key of one of this guest's own files, or 404. */
export async function resolveGuestImage(app: FastifyInstance, guestHash: string, url: string) {
  const key = storageKeyFromUrl(url, app.config.publicUrl);
  assertGuestKey(guestHash, key);
  if (!(await guestFileExists(app.database.db, key))) {
    throw new AppError(404, 'not_found', 'Image not found');
  }
  return key;
}
