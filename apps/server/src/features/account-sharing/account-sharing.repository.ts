import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  accountShares,
  galleryShares,
  projects,
  roomUploads,
  sessions,
  users,
} from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

const grantee = alias(users, 'grantee');
const owner = alias(users, 'owner');

export async function upsertShare(
  db: Database,
  values: {
    ownerId: string;
    granteeEmail: string;
    granteeId: string | null;
    permissions: 'read' | 'write';
  },
) {
  const rows = await db
    .insert(accountShares)
    .values(values)
    .onConflictDoUpdate({
      target: [accountShares.ownerId, accountShares.granteeEmail],
      set: { permissions: values.permissions, granteeId: values.granteeId },
    })
    .returning();
  return rows[0]!;
}

export async function sharesGivenBy(db: Database, ownerId: string) {
  return db
    .select({
      id: accountShares.id,
      sharedWithFirstName: grantee.firstName,
      sharedWithLastName: grantee.lastName,
      sharedWithEmail: accountShares.granteeEmail,
      permissions: accountShares.permissions,
    })
    .from(accountShares)
    .leftJoin(grantee, eq(grantee.id, accountShares.granteeId))
    .where(eq(accountShares.ownerId, ownerId))
    .orderBy(accountShares.createdAt);
}

export async function sharesReceivedBy(db: Database, granteeId: string) {
  return db
    .select({
      id: accountShares.id,
      ownerId: accountShares.ownerId,
      ownerFirstName: owner.firstName,
      ownerLastName: owner.lastName,
      ownerEmail: owner.email,
      permissions: accountShares.permissions,
    })
    .from(accountShares)
    .innerJoin(owner, eq(owner.id, accountShares.ownerId))
    .where(eq(accountShares.granteeId, granteeId))
    .orderBy(accountShares.createdAt);
}

/** The share this owner gave to an address, if any (before it is given again or changed). */
export async function findShareByEmail(db: Database, ownerId: string, granteeEmail: string) {
  const rows = await db
    .select({ granteeId: accountShares.granteeId, permissions: accountShares.permissions })
    .from(accountShares)
    .where(and(eq(accountShares.ownerId, ownerId), eq(accountShares.granteeEmail, granteeEmail)));
  return rows[0];
}

/**
 * The public links a grantee made on the owner's account end with the grantee's right to make
 * them (docs/decisions/021): gallery links are revoked, projects and room designs they turned
 * public become private. The owner's own links stay.
 */
export async function endLinksMadeBy(db: Database, ownerId: string, granteeId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(galleryShares)
      .set({ revokedAt: sql`coalesce(${galleryShares.revokedAt}, now())` })
      .where(and(eq(galleryShares.accountId, ownerId), eq(galleryShares.createdBy, granteeId)));
    await tx
      .update(projects)
      .set({ isPublic: false, shareToken: null, sharedBy: null })
      .where(and(eq(projects.accountId, ownerId), eq(projects.sharedBy, granteeId)));
    await tx
      .update(roomUploads)
      .set({ isPublic: false, shareToken: null, sharedBy: null })
      .where(and(eq(roomUploads.accountId, ownerId), eq(roomUploads.sharedBy, granteeId)));
  });
}

/** Deletes a share of this owner; returns the grantee, or undefined when it is not theirs. */
export async function deleteShare(db: Database, ownerId: string, shareId: string) {
  const rows = await db
    .delete(accountShares)
    .where(and(eq(accountShares.id, shareId), eq(accountShares.ownerId, ownerId)))
    .returning({ granteeId: accountShares.granteeId });
  return rows[0];
}

/** Sessions of the grantee that were switched into the owner's account fall back to their own. */
export async function endSwitchedSessions(db: Database, ownerId: string, granteeId: string) {
  await db
    .update(sessions)
    .set({ actingAccountId: null })
    .where(and(eq(sessions.userId, granteeId), eq(sessions.actingAccountId, ownerId)));
}

/** Invitations to an address that had no account yet now belong to its new owner. */
export async function claimInvitations(db: Database, email: string, userId: string) {
  await db
    .update(accountShares)
    .set({ granteeId: userId })
    .where(
      and(eq(accountShares.granteeEmail, email.toLowerCase()), or(isNull(accountShares.granteeId))),
    );
}
