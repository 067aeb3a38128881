import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PROJECT_IMAGES_MAX,
  SHARED_PROJECT_NOT_FOUND,
  UPLOADED_IMAGE_PROMPT,
  type SharedProjectResponse,
} from '@image-lab/contract';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { firstVisit } from '../../platform/share-views.ts';
import {
  addProjectView,
  findSharedProject,
  imagesOfProjects,
  ownerNames,
  sharedImageKey,
} from './projects.repository.ts';

const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,200}$/;

export const sharedProjectNotFound = () =>
  new AppError(404, 'project_not_found', SHARED_PROJECT_NOT_FOUND, 'Project Not Found');

/**
 * Shared images are served through the share link, not as /uploads addresses: those hold the
 * account id, and would keep working after the project is made private.
 */
export const sharedImageUrl = (token: string, imageId: string) =>
  `/api/shared-project/${token}/images/${imageId}`;

/**
 * The public viewer: names, prompts and image addresses only, never e-mail or account ids. A
 * visitor's first visit counts as a view; the owner's never do.
 */
export async function openSharedProject(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<SharedProjectResponse> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw sharedProjectNotFound();
  const db = app.database.db;
  const project = await findSharedProject(db, token);
  if (!project) throw sharedProjectNotFound();
  const visit = { kind: 'project' as const, id: project.id, ownerId: project.accountId };
  if (await firstVisit(app, request, visit)) {
    project.viewCount = (await addProjectView(db, project.id)) ?? project.viewCount;
  }
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
      ...madeBy(i),
      width: i.width,
      height: i.height,
    })),
  };
}

/** The file of one image of a public project; none once the project is private or the image left. */
export async function sharedProjectImageKey(app: FastifyInstance, token: string, imageId: string) {
  if (!SHARE_TOKEN_PATTERN.test(token) || !isUuid(imageId)) return undefined;
  return sharedImageKey(app.database.db, token, imageId);
}

const PRESET_PROMPT = /^Preset: ([a-z0-9-]+)$/;

/** How a visitor's page captions an image: its prompt, or what kind of step made it. */
function madeBy(image: { prompt: string | null; model: string | null }) {
  const prompt = image.prompt?.trim() ?? '';
  if (image.model === 'manual-crop') return { made: 'crop', prompt: null, preset: null } as const;
  if (!prompt || prompt === UPLOADED_IMAGE_PROMPT) {
    return { made: 'upload', prompt: null, preset: null } as const;
  }
  const preset = PRESET_PROMPT.exec(prompt)?.[1];
  if (preset) return { made: 'preset', prompt: null, preset } as const;
  return { made: 'prompt', prompt, preset: null } as const;
}
