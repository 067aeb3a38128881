import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountShares } from '../db/schema/account-shares.ts';
import { users } from '../db/schema/users.ts';
import { AppError, notFound } from './errors.ts';
import { NOT_OUR_IMAGE, ownPathname } from './own-url.ts';
import { assertValidKey } from './storage.ts';

/**
 * Who may read which stored file (docs/decisions/020). One rule for every address:
 * - `/uploads/<key>` is private: its bytes go to the account that owns the folder, to the people
 *   that account is shared with, or, under a guest folder, to that guest's browser only;
 * - visitors get files only through a live share, by an address that names the share
 *   (`/api/shared/{token}/images/{id}` and the like), registered here by the features that own
 *   the shares, so optimize-image and download-image follow the same rule as the pages.
 */
export type FileOwner =
  { kind: 'account'; accountId: string } | { kind: 'guest'; guestHash: string };

export type Visibility = 'private' | 'public';

export interface ResolvedFile {
  key: string;
  visibility: Visibility;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const GUEST_HASH = /^[0-9a-f]{32}$/;

/** The owner named by a key's folder; undefined for anything nobody may read directly. */
export function ownerOfKey(key: string): FileOwner | undefined {
  const [top, folder, ...rest] = key.split('/');
  if (!folder || rest.length === 0) return undefined;
  // What is made from a file belongs to whoever owns the file.
  if (top === 'renditions') return ownerOfKey(key.slice('renditions/'.length));
  if ((top === 'images' || top === 'videos') && UUID.test(folder)) {
    return { kind: 'account', accountId: folder };
  }
  if (top === 'rooms') {
    if (UUID.test(folder)) return { kind: 'account', accountId: folder };
    const guestHash = folder.startsWith('guest-') ? folder.slice('guest-'.length) : '';
    return GUEST_HASH.test(guestHash) ? { kind: 'guest', guestHash } : undefined;
  }
  if (top === 'guests' && GUEST_HASH.test(folder)) return { kind: 'guest', guestHash: folder };
  return undefined;
}

/** Every folder whose files belong to an account (the key patterns `ownerOfKey` reads). */
export const accountFolders = (accountId: string) => [
  `images/${accountId}/`,
  `videos/${accountId}/`,
  `rooms/${accountId}/`,
  `renditions/images/${accountId}/`,
  `renditions/rooms/${accountId}/`,
];

/** A share's address of one file: the path with `:name` parameters, and how to find the file. */
export interface ShareAddress {
  path: string;
  /** The file's key while the share is live and the file part of it; else undefined. */
  find: (params: Record<string, string>) => Promise<string | undefined>;
}

interface CompiledAddress extends ShareAddress {
  pattern: RegExp;
  names: string[];
}

const PARAM_VALUE = /^[A-Za-z0-9_.-]{1,200}$/;

/** The file a share's address names, or 404: tokens and ids are plain URL-safe words. */
export async function findShareFile(
  address: ShareAddress,
  params: Record<string, string>,
): Promise<string> {
  const values = Object.values(params);
  const key = values.every((v) => PARAM_VALUE.test(v)) ? await address.find(params) : undefined;
  if (!key) throw notFound('Image not found');
  return key;
}

export interface FileAccess {
  /** Whether this request may read the private file `key`. */
  mayRead(request: FastifyRequest, key: string): Promise<boolean>;
  /**
   * An image address from a client (ours only: `/uploads/...` or a share's address) to the file
   * it names, if the request may read it; 400 for anything not ours, 404 for what it may not read.
   */
  resolve(request: FastifyRequest, address: string): Promise<ResolvedFile>;
  addShareAddress(address: ShareAddress): void;
  /** Whether the file's owner chose to leave the GPS position in what the public sees. */
  keepsLocation(key: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    files: FileAccess;
  }
}

export interface FileAccessOptions {
  /** The hash of the request's guest cookie (guest folders are named by it), if any. */
  guestOf(request: FastifyRequest): string | undefined;
}

export function registerFileAccess(app: FastifyInstance, options: FileAccessOptions) {
  const addresses: CompiledAddress[] = [];
  const missing = () => notFound('Image not found');

  async function sharedWith(ownerId: string, granteeId: string) {
    const rows = await app.database.db
      .select({ id: accountShares.id })
      .from(accountShares)
      .where(and(eq(accountShares.ownerId, ownerId), eq(accountShares.granteeId, granteeId)))
      .limit(1);
    return rows.length > 0;
  }

  const files: FileAccess = {
    async keepsLocation(key) {
      const owner = ownerOfKey(key);
      if (owner?.kind !== 'account') return false;
      const rows = await app.database.db
        .select({ keeps: users.keepsPublicLocation })
        .from(users)
        .where(eq(users.id, owner.accountId))
        .limit(1);
      return rows[0]?.keeps ?? false;
    },

    async mayRead(request, key) {
      const owner = ownerOfKey(key);
      if (!owner) return false;
      if (owner.kind === 'guest') return options.guestOf(request) === owner.guestHash;
      const user = request.user;
      if (!user) return false;
      // The acting account was checked against its share when the session was read.
      if (owner.accountId === user.id || owner.accountId === request.accountId) return true;
      return sharedWith(owner.accountId, user.id);
    },

    async resolve(request, address) {
      const pathname = ownPathname(address, app.config.publicUrl);
      if (pathname.startsWith('/uploads/')) {
        let key: string;
        try {
          key = assertValidKey(pathname.slice('/uploads/'.length));
        } catch {
          throw notOurs();
        }
        if (!(await files.mayRead(request, key))) throw missing();
        return { key, visibility: 'private' };
      }
      for (const candidate of addresses) {
        const match = candidate.pattern.exec(pathname);
        if (!match) continue;
        const params = Object.fromEntries(candidate.names.map((n, i) => [n, match[i + 1]!]));
        return { key: await findShareFile(candidate, params), visibility: 'public' };
      }
      throw notOurs();
    },

    addShareAddress(address) {
      const names: string[] = [];
      const source = address.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      addresses.push({ ...address, names, pattern: new RegExp(`^${source}$`) });
    },
  };
  app.decorate('files', files);
}

const notOurs = () => new AppError(400, 'not_our_image', NOT_OUR_IMAGE);
