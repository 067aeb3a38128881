import type { FastifyInstance } from 'fastify';
import {
  PROJECT_IMAGES_MAX,
  SHARED_PROJECT_NOT_FOUND,
  UPLOADED_IMAGE_PROMPT,
  type SharedProjectResponse,
} from '@image-lab/contract';
import { AppError } from '../../platform/errors.ts';
import type { StoredObject } from '../../platform/storage.ts';
import {
  imagesOfProjects,
  ownerNames,
  sharedImageKey,
  viewSharedProject,
} from './projects.repository.ts';

const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,200}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const sharedProjectNotFound = () =>
  new AppError(404, 'project_not_found', SHARED_PROJECT_NOT_FOUND, 'Project Not Found');

/**
 * Shared images are served through the share link, not as /uploads addresses: those hold the
 * account id, and would keep working after the project is made private.
 */
export const sharedImageUrl = (token: string, imageId: string) =>
  `/api/shared-project/${token}/images/${imageId}`;

/** The public viewer: names, prompts and image addresses only, never e-mail or account ids. */
export async function openSharedProject(
  app: FastifyInstance,
  token: string,
): Promise<SharedProjectResponse> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw sharedProjectNotFound();
  const db = app.database.db;
  const project = await viewSharedProject(db, token);
  if (!project) throw sharedProjectNotFound();
  const owner = await ownerNames(db, project.accountId);
  const imageRows = await imagesOfProjects(db, project.accountId, [project.id], PROJECT_IMAGES_MAX);
  const firstName = owner?.firstName?.trim() || null;
  const lastName = owner?.lastName?.trim() || null;
  return {
    name: project.name,
    description: project.description,
    owner: firstName || lastName ? { firstName, lastName } : null,
    ownerName: [firstName, lastName].filter(Boolean).join(' ') || 'Anonymous',
    createdAt: project.createdAt.toISOString(),
    viewCount: project.viewCount,
    imageCount: imageRows[0]?.total ?? 0,
    images: imageRows.map((i) => ({
      id: i.id,
      imageUrl: sharedImageUrl(token, i.id),
      prompt: i.prompt && i.prompt !== UPLOADED_IMAGE_PROMPT ? i.prompt : null,
      width: i.width,
      height: i.height,
    })),
  };
}

/** One image of a public project; dead as soon as the project is private or the image leaves. */
export async function openSharedImage(
  app: FastifyInstance,
  token: string,
  imageId: string,
): Promise<StoredObject> {
  const missing = () => new AppError(404, 'not_found', 'Image not found');
  if (!SHARE_TOKEN_PATTERN.test(token) || !UUID_PATTERN.test(imageId)) throw missing();
  const key = await sharedImageKey(app.database.db, token, imageId);
  const object = key ? await app.storage.get(key) : undefined;
  if (!object) throw missing();
  return object;
}
