import { AppError } from './errors.ts';
import { assertValidKey } from './storage.ts';

export const NOT_OUR_IMAGE = 'Only images stored by Image Lab can be used';

const refuse = () => new AppError(400, 'not_our_image', NOT_OUR_IMAGE);

/**
 * The decoded path of an address on our own origin, or a 400. No address is ever fetched: other
 * hosts, loopback, private ranges, `file:`, user-info tricks and redirects are refused before any
 * connection could be made.
 */
export function ownPathname(input: string, publicUrl: string): string {
  if (typeof input !== 'string' || input.length === 0 || input.length > 2048) throw refuse();
  const ours = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(input, ours);
  } catch {
    throw refuse();
  }
  if (url.protocol !== ours.protocol || url.host !== ours.host) throw refuse();
  if (url.username || url.password) throw refuse();
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    throw refuse();
  }
}

/** Turns an image address from a client into one of our storage keys (`/uploads/<key>`), or 400. */
export function storageKeyFromUrl(input: string, publicUrl: string): string {
  const pathname = ownPathname(input, publicUrl);
  if (!pathname.startsWith('/uploads/')) throw refuse();
  try {
    return assertValidKey(pathname.slice('/uploads/'.length));
  } catch {
    throw refuse();
  }
}

export function urlOfKey(key: string): string {
  return `/uploads/${key}`;
}
