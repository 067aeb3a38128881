import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PROJECT_IMAGES_MAX,
  PROJECT_NOT_FOUND,
  PROJECTS_LISTED_MAX,
  UPLOADED_IMAGE_PROMPT,
  type ActiveProject,
  type CreateProjectRequest,
  type Project,
  type ShareProjectResponse,
  type UpdateProjectRequest,
} from '@image-lab/contract';
import { notFound } from '../../platform/errors.ts';
import type { Database } from '../../platform/db.ts';
import { storageKeyFromUrl, urlOfKey } from '../../platform/own-url.ts';
import { publishImagesUpdated } from '../../platform/account-events.ts';
import {
  activateProjectRow,
  deleteProjectWithImages,
  findActiveProject,
  findProjectRow,
  imagesByKeys,
  imagesOfProjects,
  insertProject,
  listProjectRows,
  projectExists,
  replaceProjectImages,
  setProjectSharing,
  setPrompts,
  updateProjectRow,
  type ProjectImageRow,
  type ProjectListRow,
} from './projects.repository.ts';

/** Who is asking: the acting account, and whether they may change it. */
export interface Viewer {
  accountId: string;
  canWrite: boolean;
}

const projectNotFound = () => notFound(PROJECT_NOT_FOUND);
/** 24 random bytes: 192 bits, 32 URL-safe characters. */
const newShareToken = () => crypto.randomBytes(24).toString('base64url');

/**
 * A projectId sent with an upload, an edit or an edited-image record must name one of the acting
 * account's projects: another account's or an unknown id is 404, never a foreign-key error.
 */
export async function assertOwnProject(
  db: Database,
  accountId: string,
  projectId: string | null | undefined,
) {
  if (!projectId) return;
  if (!(await projectExists(db, accountId, projectId))) throw projectNotFound();
}

export const shareUrlOf = (app: FastifyInstance, token: string) =>
  `${app.config.publicUrl}/share/${token}`;

function toProject(
  app: FastifyInstance,
  row: ProjectListRow,
  imageRows: ProjectImageRow[],
  canWrite: boolean,
): Project {
  // A read-only grantee sees that a project is public, not the link: it would outlive their access.
  const token = row.isPublic && canWrite ? row.shareToken : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrls: imageRows.map((i) => urlOfKey(i.storageKey)),
    prompts: imageRows.map((i) => i.prompt ?? ''),
    originalImageUrl: row.originalKey ? urlOfKey(row.originalKey) : null,
    isPublic: row.isPublic,
    shareToken: token,
    shareUrl: token ? shareUrlOf(app, token) : null,
    imageCount: imageRows[0]?.total ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listProjects(app: FastifyInstance, viewer: Viewer): Promise<Project[]> {
  const db = app.database.db;
  const rows = await listProjectRows(db, viewer.accountId, PROJECTS_LISTED_MAX);
  const imageRows = await imagesOfProjects(
    db,
    viewer.accountId,
    rows.map((r) => r.id),
    PROJECT_IMAGES_MAX,
  );
  const byProject = new Map<string, ProjectImageRow[]>();
  for (const image of imageRows) {
    const list = byProject.get(image.projectId!) ?? [];
    list.push(image);
    byProject.set(image.projectId!, list);
  }
  return rows.map((row) => toProject(app, row, byProject.get(row.id) ?? [], viewer.canWrite));
}

export async function getProject(app: FastifyInstance, viewer: Viewer, id: string) {
  const db = app.database.db;
  const row = await findProjectRow(db, viewer.accountId, id);
  if (!row) throw projectNotFound();
  const imageRows = await imagesOfProjects(db, viewer.accountId, [id], PROJECT_IMAGES_MAX);
  return toProject(app, row, imageRows, viewer.canWrite);
}

export async function activeProject(app: FastifyInstance, accountId: string) {
  return (await findActiveProject(app.database.db, accountId)) ?? null;
}

/** Image addresses from a client, each resolved to one of the account's images, in order. */
async function resolveImages(app: FastifyInstance, accountId: string, urls: string[]) {
  const keys = urls.map((url) => storageKeyFromUrl(url, app.config.publicUrl));
  const rows = await imagesByKeys(app.database.db, accountId, [...new Set(keys)]);
  const byKey = new Map(rows.map((r) => [r.storageKey, r]));
  return keys.map((key) => {
    const row = byKey.get(key);
    if (!row) throw notFound('Image not found');
    return row;
  });
}

/**
 * prompts[i] is recorded on the i-th image when it is a generated one, as POST /api/edited-images
 * does; uploads keep theirs, and empty prompts or the upload marker change nothing.
 */
function promptChanges(
  resolved: { id: string; kind: string }[],
  prompts: (string | null)[] | undefined,
) {
  const changes = new Map<string, string>();
  (prompts ?? []).forEach((prompt, i) => {
    const image = resolved[i];
    if (!image || image.kind !== 'generated' || !prompt?.trim()) return;
    if (prompt === UPLOADED_IMAGE_PROMPT) return;
    changes.set(image.id, prompt);
  });
  return [...changes].map(([id, prompt]) => ({ id, prompt }));
}

async function originalKeyOf(app: FastifyInstance, accountId: string, url: string | null) {
  if (url === null) return null;
  const [row] = await resolveImages(app, accountId, [url]);
  return row!.storageKey;
}

/** Tells the account's other tabs and devices; a bus that is down is logged, not fatal. */
async function publishProjectsUpdated(app: FastifyInstance, accountId: string, id: string) {
  try {
    await app.events.publish(accountId, { type: 'projects-updated', data: { id } });
  } catch (error) {
    app.log.warn({ err: error }, 'could not publish a projects event');
  }
}

/**
 * Everything a client sent is checked before the transaction; the project, its images and their
 * prompts are then written together. A new project becomes the active one.
 */
export async function createProject(
  app: FastifyInstance,
  accountId: string,
  body: CreateProjectRequest,
): Promise<Project> {
  const resolved = await resolveImages(app, accountId, body.imageUrls ?? []);
  const originalImageKey = body.originalImageUrl
    ? await originalKeyOf(app, accountId, body.originalImageUrl)
    : null;
  const imageIds = [...new Set(resolved.map((r) => r.id))];
  const id = await app.database.db.transaction(async (tx) => {
    const project = await insertProject(tx, {
      accountId,
      name: body.name,
      description: body.description ?? '',
      originalImageKey,
    });
    await activateProjectRow(tx, accountId, project.id);
    await replaceProjectImages(tx, accountId, project.id, imageIds);
    await setPrompts(tx, accountId, promptChanges(resolved, body.prompts));
    return project.id;
  });
  if (imageIds.length > 0) await publishImagesUpdated(app, accountId, 'updated', imageIds);
  await publishProjectsUpdated(app, accountId, id);
  return getProject(app, { accountId, canWrite: true }, id);
}

/** Renames, describes, or replaces the images; fields left out stay as they are. */
export async function updateProject(
  app: FastifyInstance,
  accountId: string,
  id: string,
  body: UpdateProjectRequest,
): Promise<Project> {
  const resolved =
    body.imageUrls !== undefined ? await resolveImages(app, accountId, body.imageUrls) : undefined;
  const originalImageKey =
    body.originalImageUrl !== undefined
      ? await originalKeyOf(app, accountId, body.originalImageUrl)
      : undefined;
  const imageIds = resolved ? [...new Set(resolved.map((r) => r.id))] : [];
  await app.database.db.transaction(async (tx) => {
    // Also locks the row, so two updates of one project never interleave their image changes.
    const updated = await updateProjectRow(tx, accountId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description ?? '' } : {}),
      ...(originalImageKey !== undefined ? { originalImageKey } : {}),
    });
    if (!updated) throw projectNotFound();
    if (!resolved) return;
    await replaceProjectImages(tx, accountId, id, imageIds);
    await setPrompts(tx, accountId, promptChanges(resolved, body.prompts));
  });
  if (resolved) await publishImagesUpdated(app, accountId, 'updated', imageIds);
  await publishProjectsUpdated(app, accountId, id);
  return getProject(app, { accountId, canWrite: true }, id);
}

/**
 * The project and its images go: rows first, in one transaction, then the files. A storage
 * failure can leave an orphan file (logged with its key), never a row without its file.
 */
export async function deleteProject(app: FastifyInstance, accountId: string, id: string) {
  const removed = await deleteProjectWithImages(app.database.db, accountId, id);
  if (!removed) throw projectNotFound();
  const results = await Promise.allSettled(removed.map((r) => app.storage.delete(r.storageKey)));
  const left = removed.filter((_, i) => results[i]!.status === 'rejected').map((r) => r.storageKey);
  if (left.length > 0) {
    app.log.warn({ keys: left }, 'files of a deleted project could not be removed');
  }
  if (removed.length > 0) {
    await publishImagesUpdated(
      app,
      accountId,
      'deleted',
      removed.map((r) => r.id),
    );
  }
  await publishProjectsUpdated(app, accountId, id);
  return removed.length;
}

export async function activateProject(
  app: FastifyInstance,
  accountId: string,
  id: string,
): Promise<ActiveProject> {
  const row = await activateProjectRow(app.database.db, accountId, id);
  if (!row) throw projectNotFound();
  await publishProjectsUpdated(app, accountId, id);
  return row;
}

/** Public: the live link, or a new one. Private: the link is dead from this moment, for good. */
export async function shareProject(
  app: FastifyInstance,
  actor: { user: { id: string }; accountId: string },
  id: string,
  isPublic: boolean,
): Promise<ShareProjectResponse> {
  const { accountId } = actor;
  const row = await setProjectSharing(app.database.db, accountId, id, {
    isPublic,
    newToken: newShareToken(),
    by: actor.user.id,
  });
  if (!row) throw projectNotFound();
  await publishProjectsUpdated(app, accountId, id);
  const token = row.isPublic ? row.shareToken : null;
  return {
    isPublic: row.isPublic,
    shareToken: token,
    shareUrl: token ? shareUrlOf(app, token) : null,
  };
}
