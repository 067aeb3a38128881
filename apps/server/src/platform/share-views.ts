import crypto from 'node:crypto';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { shareViews } from '../db/schema/share-views.ts';
import { serverSecret } from './server-secrets.ts';

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
        .createHmac('sha256', await serverSecret(app, 'visitor-salt'))
        .update(networkOf(request.ip))
        .digest('base64url')}`;
  const rows = await app.database.db
    .insert(shareViews)
    .values({ shareKind: share.kind, shareId: share.id, visitor })
    .onConflictDoNothing()
    .returning({ one: sql<number>`1` });
  return rows.length > 0;
}
