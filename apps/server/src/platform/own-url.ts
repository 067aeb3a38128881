import { AppError } from './errors.ts';
import { assertValidKey } from './storage.ts';

export const NOT_OUR_IMAGE = 'Only images stored by Image Lab can be used';

/**
 * Turns an image address from a client into one of our storage keys, or refuses it. No address
 * is ever fetched: only `/uploads/<key>` on our own origin is accepted, so other hosts, loopback,
 * private ranges, `file:` and redirects are refused before any connection could be made.
 */
export function storageKeyFromUrl(input: string, publicUrl: string): string {
  const refuse = () => new AppError(400, 'not_our_image', NOT_OUR_IMAGE);
  if (typeof input !== 'string' || input.length === 0 || input.length > 2048) throw refuse();
  let url: URL;
  const ours = new URL(publicUrl);
  try {
    url = new URL(input, ours);
  } catch {
    throw refuse();
  }
  if (url.protocol !== ours.protocol || url.host !== ours.host) throw refuse();
  if (url.username || url.password) throw refuse();
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    throw refuse();
  }
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
