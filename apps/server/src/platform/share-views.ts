import crypto from 'node:crypto';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverSecrets, shareViews } from '../db/schema/share-views.ts';

export type ShareKind = 'project' | 'gallery' | 'design';

/**
 * The network a visitor's address belongs to: an IPv4 address itself, an IPv6 address by its
 * /64 (one household or phone has a whole /64, so single addresses would count it many times).
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

const salts = new WeakMap<FastifyInstance, Promise<string>>();

/** One random salt for the whole installation, made once and shared by every process. */
function saltOf(app: FastifyInstance): Promise<string> {
  let salt = salts.get(app);
  if (!salt) {
    salt = (async () => {
      const db = app.database.db;
      await db
        .insert(serverSecrets)
        .values({ name: 'visitor-salt', value: crypto.randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const rows = await db
        .select({ value: serverSecrets.value })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, 'visitor-salt'));
      return rows[0]!.value;
    })();
    salt.catch(() => salts.delete(app));
    salts.set(app, salt);
  }
  return salt;
}

/**
 * Records that this request's visitor has seen a share; true only the first time, so a view
 * count goes up once per visitor however often the page is loaded (docs/decisions/021). The
 * owner (and anyone acting on the owner's account) is not a visitor. Addresses are kept only as
 * a salted hash of their network, never as they are.
 */
export async function firstVisit(
  app: FastifyInstance,
  request: FastifyRequest,
  share: { kind: ShareKind; id: string; ownerId: string },
): Promise<boolean> {
  const user = request.user;
  if (user && (user.id === share.ownerId || request.accountId === share.ownerId)) return false;
  const visitor = user
    ? `user:${user.id}`
    : `net:${crypto
        .createHmac('sha256', await saltOf(app))
        .update(networkOf(request.ip))
        .digest('base64url')}`;
  const rows = await app.database.db
    .insert(shareViews)
    .values({ shareKind: share.kind, shareId: share.id, visitor })
    .onConflictDoNothing()
    .returning({ one: sql<number>`1` });
  return rows.length > 0;
}
