import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export interface SharingSwitch {
  isPublic: boolean;
  /** The token a share gets when it is turned on from off. */
  newToken: string;
  /** Who turns it on (the owner, or a write grantee: docs/decisions/021). */
  by: string;
}

/**
 * The update that turns a share on or off (projects, room designs). On: a share that is already
 * on keeps its token and its author; one that was off gets a new token, so a link that leaked
 * once stays dead. Off: the token and its author are forgotten.
 */
export function sharingSwitch(
  columns: { isPublic: AnyPgColumn; shareToken: AnyPgColumn; sharedBy: AnyPgColumn },
  sharing: SharingSwitch,
): { isPublic: boolean; shareToken: SQL | null; sharedBy: SQL | null } {
  if (!sharing.isPublic) return { isPublic: false, shareToken: null, sharedBy: null };
  const stillOn = sql`${columns.isPublic} and ${columns.shareToken} is not null`;
  return {
    isPublic: true,
    shareToken: sql`case when ${stillOn} then ${columns.shareToken} else ${sharing.newToken} end`,
    sharedBy: sql`case when ${stillOn} then ${columns.sharedBy} else ${sharing.by}::uuid end`,
  };
}
