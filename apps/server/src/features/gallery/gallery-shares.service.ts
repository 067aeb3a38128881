import type {
  AccessSharedGalleryResponse,
  CreateGalleryShareResponse,
  GalleryShare,
  SharedGalleryItem,
  SharedGalleryResponse,
} from '@image-lab/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../platform/errors.ts';
import type { UserRow } from '../../platform/session.repository.ts';
import { randomToken } from '../../platform/secrets.ts';
import { firstVisit } from '../../platform/share-views.ts';
import type { GalleryRow } from './gallery.repository.ts';
import { readPage } from './gallery.service.ts';
import {
  countOwnImages,
  findShareByToken,
  addView,
  findLiveShare,
  imageKeyOfAccount,
  insertShare,
  type GalleryShareRow,
} from './gallery-shares.repository.ts';

const DAY_MS = 24 * 3600_000;

export const shareUrlOf = (app: FastifyInstance, token: string) =>
  `${app.config.publicUrl}/shared/${token}`;

const isRevoked = (row: GalleryShareRow) => row.revokedAt !== null;
const isExpired = (row: GalleryShareRow, now = Date.now()) =>
  row.expiresAt !== null && row.expiresAt.getTime() <= now;
const isLive = (row: GalleryShareRow) => !isRevoked(row) && !isExpired(row);

/** A link as those who may change it see it: with its token and address. */
export function toGalleryShareLink(app: FastifyInstance, row: GalleryShareRow) {
  return {
    id: row.id,
    token: row.token,
    shareUrl: shareUrlOf(app, row.token),
    imageCount: row.imageIds ? row.imageIds.length : null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    viewCount: row.viewCount,
    sharedWithEmail: row.sharedWithEmail,
    status: isRevoked(row)
      ? ('revoked' as const)
      : isExpired(row)
        ? ('expired' as const)
        : ('active' as const),
  };
}

/**
 * A link in the account's list. Read-only grantees get no token or address: a link would outlive
 * their access (docs/decisions/021).
 */
export function toGalleryShare(
  app: FastifyInstance,
  row: GalleryShareRow,
  canWrite: boolean,
): GalleryShare {
  const link = toGalleryShareLink(app, row);
  return canWrite ? link : { ...link, token: null, shareUrl: null };
}

/** The spec's shared page tells 'Share Expired' (410) from 'Share Not Found'. */
function refusal(row: GalleryShareRow | undefined): AppError {
  if (row && !isRevoked(row) && isExpired(row)) {
    return new AppError(410, 'share_expired', 'This share link has expired', 'Share Expired');
  }
  return new AppError(404, 'not_found', 'Share not found', 'Share Not Found');
}

export async function createShare(
  app: FastifyInstance,
  actor: { user: UserRow; accountId: string },
  input: { imageIds?: string[]; expiresInDays: number | null; email?: string },
): Promise<CreateGalleryShareResponse> {
  const db = app.database.db;
  const ids = input.imageIds ? [...new Set(input.imageIds.map((id) => id.toLowerCase()))] : null;
  // A selection must be entirely the account's own; which id is not is not revealed.
  if (ids && (await countOwnImages(db, actor.accountId, ids)) !== ids.length) {
    throw notFound('Image not found');
  }
  const row = await insertShare(db, {
    accountId: actor.accountId,
    createdBy: actor.user.id,
    token: randomToken(),
    imageIds: ids,
    sharedWithEmail: input.email?.toLowerCase() ?? null,
    expiresAt:
      input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
  });
  const emailSent = row.sharedWithEmail ? await mailShare(app, actor.user, row) : false;
  return { ...toGalleryShareLink(app, row), message: 'Gallery shared successfully!', emailSent };
}

/** Sends the link; the share stands even if the mail cannot go out (the link can be copied). */
async function mailShare(app: FastifyInstance, user: UserRow, row: GalleryShareRow) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const count = row.imageIds?.length;
  const what =
    count === undefined
      ? 'their gallery'
      : `${count} ${count === 1 ? 'image' : 'images'} from their gallery`;
  const until = row.expiresAt ? `\n\nThe link works until ${row.expiresAt.toUTCString()}.` : '';
  try {
    await app.mailer.send({
      to: row.sharedWithEmail!,
      subject: `${name} shared a gallery with you`,
      text: `Hi,\n\n${name} shared ${what} on Image Lab with you.\n\nOpen it: ${shareUrlOf(app, row.token)}${until}\n\n— Image Lab`,
    });
    return true;
  } catch (error) {
    app.log.warn({ err: error, shareId: row.id }, 'could not send the gallery share mail');
    return false;
  }
}

const toSharedItem =
  (token: string) =>
  (row: GalleryRow): SharedGalleryItem => ({
    id: row.id,
    // Through the link, not /uploads/: storage keys name the owner's account.
    imageUrl: `/api/shared/${encodeURIComponent(token)}/images/${row.id}`,
    prompt: row.prompt,
    imageType: row.kind === 'uploaded' ? 'upload' : 'generated',
    filename: row.filename,
    createdAt: row.createdAt.toISOString(),
  });

/** The shared images in gallery order; a visitor's first visit counts as a view. */
export async function openSharedGallery(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  query: { cursor?: string; limit: number },
): Promise<SharedGalleryResponse> {
  const db = app.database.db;
  const share = await findLiveShare(db, token);
  if (!share) throw refusal(await findShareByToken(db, token));
  if (query.cursor === undefined) {
    const visit = { kind: 'gallery' as const, id: share.id, ownerId: share.accountId };
    if (await firstVisit(app, request, visit)) await addView(db, share.id);
  }
  const filter = { type: 'all' as const, ids: share.imageIds ?? undefined };
  const page = await readPage(
    db,
    share.accountId,
    filter,
    query.cursor,
    query.limit,
    toSharedItem(token),
  );
  return {
    createdAt: share.createdAt.toISOString(),
    history: page.items,
    nextCursor: page.nextCursor,
  };
}

/** The file of one shared image, while the link is live and the image is part of it. */
export async function sharedImageKey(app: FastifyInstance, token: string, imageId: string) {
  const share = await findLiveShare(app.database.db, token);
  const id = imageId.toLowerCase();
  if (!share || (share.imageIds && !share.imageIds.includes(id))) return undefined;
  return imageKeyOfAccount(app.database.db, share.accountId, id);
}

/** People paste the token or the whole link; both work. */
export function tokenFrom(input: string): string {
  const marker = input.indexOf('/shared/');
  const rest = marker >= 0 ? input.slice(marker + '/shared/'.length) : input;
  return rest.split(/[/?#]/)[0]!.trim();
}

export async function accessShare(
  app: FastifyInstance,
  input: string,
): Promise<AccessSharedGalleryResponse> {
  const token = tokenFrom(input);
  const share =
    token && token.length <= 200 ? await findShareByToken(app.database.db, token) : undefined;
  if (!share || !isLive(share)) {
    throw new AppError(
      400,
      'invalid_share_token',
      'Invalid or expired share token',
      'Failed to access gallery',
    );
  }
  return {
    message: 'Gallery accessed successfully!',
    shareUrl: shareUrlOf(app, share.token),
    path: `/shared/${share.token}`,
  };
}
