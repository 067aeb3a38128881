import crypto from 'node:crypto';
import { eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import * as schema from '../src/db/schema/index.ts';
import { roomSegments, sessions } from '../src/db/schema/index.ts';
import { hashPassword, hashToken, randomToken } from '../src/platform/secrets.ts';
import { accountFolders } from '../src/platform/file-access.ts';
import { newUserRow, setCredits } from './factories.ts';
import { form, smallPhoto } from './image-helpers.ts';
import type { JsonSchema, Route } from './permission-routes.ts';
import { subscribe } from './rooms-helpers.ts';
import { settleBatches } from '../src/features/batch/batch-runner.ts';

export { writeRoutes, type Route } from './permission-routes.ts';

/**
 * The pieces of the permission sweep (permissions.test.ts): the route table from the OpenAPI
 * document, requests made from each route's own schema aimed at one account's real resources,
 * and a snapshot of everything that account has (rows and files).
 */
export const PASSWORD = 'correct horse battery';

export async function accountWithEverything(app: App, name: string) {
  const db = app.database.db;
  const user = await newUserRow(db, {
    firstName: name,
    emailVerifiedAt: new Date(),
    passwordHash: await hashPassword(PASSWORD),
  });
  await setCredits(app, user.id, 500);
  await subscribe(app, user.id);
  const headers = await sessionHeaders(app, user.id);
  const post = async (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
    const res = await app.inject({ method, url, headers, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  // Large enough for the detector to find the furniture (segments, object removal).
  const photo = await smallPhoto('living-room.jpg', 560);
  const uploadOne = async (url: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: form({ image: { data: photo, filename: 'room.jpg', type: 'image/jpeg' } }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const first = await uploadOne('/api/save-original-image');
  const second = await uploadOne('/api/save-original-image');
  const project = await post('/api/projects', { name: 'Kept', imageUrls: [second.imageUrl] });
  await post(`/api/projects/${project.id}/share`, { isPublic: true });
  const link = await post('/api/gallery/shares', { imageIds: [first.id] });
  const room = await uploadOne('/api/upload-room');
  const segments = await post(`/api/segment-room/${room.uploadId}`, {});
  const edited = await post('/api/edit-image', { imageUrl: first.imageUrl, prompt: 'warmer' });
  const recipeOf = (name: string) =>
    post('/api/recipes', { name, imageId: edited.images[0].id }).then((r) => r.recipe.id);
  const recipeIds = [await recipeOf('Applied'), await recipeOf('Deleted')] as const;
  const batch = await app.inject({
    method: 'POST',
    url: '/api/batches',
    headers,
    payload: { imageIds: [second.id], operation: { kind: 'preset', preset: 'brighten' } },
  });
  expect(batch.statusCode, batch.body).toBe(202);
  await settleBatches(app);
  const friend = await newUserRow(db, { emailVerifiedAt: new Date() });
  await post('/api/share-account', { email: friend.email, permissions: 'read' });
  const given = await app.inject({ url: '/api/account-shares', headers });
  return {
    user,
    images: [first as { id: string; imageUrl: string }, second as { id: string; imageUrl: string }],
    projectId: project.id as string,
    linkId: link.id as string,
    linkToken: link.token as string,
    roomId: room.uploadId as string,
    segmentId: segments[0].id as string,
    /** Where the smallest piece is, in percent: small enough for click-to-remove to fill. */
    objectAt: centreOf(smallest(segments)),
    accountShareId: given.json()[0].id as string,
    editedId: edited.images[0].id as string,
    /** One recipe to apply and another to delete, whatever order the sweep takes them in. */
    recipeIds: recipeIds as readonly [string, string],
    batchId: batch.json().batch.id as string,
    batchItemId: batch.json().batch.items[0].id as string,
    jobId: edited.jobId as string,
  };
}
export type Target = Awaited<ReturnType<typeof accountWithEverything>>;

/** A fresh session for every request: a sweep that logs out must not log out the next one. */
export async function sessionHeaders(app: App, userId: string, actingAccountId?: string) {
  const token = randomToken();
  await app.database.db.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 3600_000),
    actingAccountId: actingAccountId ?? null,
  });
  return { cookie: `sid=${token}` };
}

/** The resource a path parameter names, by the collection it follows in the path. */
function idFor(path: string, target: Target, param: string): string {
  if (param === 'itemId') return target.batchItemId;
  const rules: [RegExp, string][] = [
    [/\/batches\//, target.batchId],
    [/\/jobs\//, target.jobId],
    [/\/account-share\//, target.accountShareId],
    [/\/gallery\/shares\//, target.linkId],
    [/\/projects\//, target.projectId],
    [/\/(room-upload|process-room|segment-room)\//, target.roomId],
    [/\/search-furniture\//, target.segmentId],
    [/\/recipes\/[^/]+\/apply/, target.recipeIds[0]],
    [/\/recipes\//, target.recipeIds[1]],
    // The second image: a deletion sweep removes the first through the gallery before this.
    [/\/edited-images\//, target.images[1]!.id],
    [/\/gallery\//, target.images[0]!.id],
  ];
  const found = rules.find(([pattern]) => pattern.test(path));
  if (!found) throw new Error(`permissions test: no resource known for ${path}; add it to idFor`);
  return found[1];
}

/** Values for fields by name, aimed at the target's real resources. */
function namedValues(target: Target): Record<string, unknown> {
  const [first, second] = target.images;
  return {
    imageUrl: first!.imageUrl,
    url: first!.imageUrl,
    originalImageUrl: second!.imageUrl,
    imageUrls: [first!.imageUrl],
    images: [{ url: first!.imageUrl, prompt: 'x' }],
    ids: [first!.id],
    imageIds: [first!.id],
    id: first!.id,
    beforeId: second!.id,
    imageId: target.editedId,
    projectId: target.projectId,
    ownerId: target.user.id,
    prompt: 'make it brighter',
    name: 'Renamed',
    description: 'Changed',
    favorite: true,
    published: true,
    isPublic: false,
    permissions: 'write',
    password: PASSWORD,
    currentPassword: PASSWORD,
    // The same password again: a changed one would lock the rest of the sweep out.
    newPassword: PASSWORD,
    email: `someone-${crypto.randomUUID()}@example.test`,
    newEmail: `someone-${crypto.randomUUID()}@example.test`,
    token: '123456',
    operation: { kind: 'preset', preset: 'brighten' },
    cardNumber: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
    x: target.objectAt.x,
    y: target.objectAt.y,
    amount: 29.99,
    plan: 'premium',
  };
}

/** A value that satisfies `schema`, preferring the named values (which aim at the target). */
function sample(schema: JsonSchema, name: string, named: Record<string, unknown>): unknown {
  if (name in named) return named[name];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant, name, named);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => schema.required?.includes(key) || key in named)
          .map(([key, value]) => [key, sample(value, key, named)]),
      );
    case 'array':
      return [sample(schema.items ?? {}, '', named)];
    case 'number':
    case 'integer': {
      const low = schema.minimum ?? 0;
      const high = Math.min(schema.maximum ?? low + 100, low + 100);
      return schema.type === 'integer' ? Math.round(low) : (low + high) / 2;
    }
    case 'boolean':
      return true;
    default:
      if (schema.format === 'email') return `someone-${crypto.randomUUID()}@example.test`;
      if (schema.format === 'uuid') return named.id;
      return 'a'.repeat(Math.max(schema.minLength ?? 1, 6));
  }
}

export interface Attempt {
  method: Route['method'];
  url: string;
  json?: unknown;
  multipart?: FormData;
}

/**
 * The requests that would change the target if nothing stopped them: the route's declared body;
 * for a route without one (forms and hand-read bodies), the named values as JSON and as a
 * multipart form with a real photo.
 */
export async function attemptsFor(app: App, route: Route, target: Target): Promise<Attempt[]> {
  // Finding the furniture again replaces the room's segments: aim at the ones there now.
  const [segment] = await app.database.db
    .select({ id: roomSegments.id })
    .from(roomSegments)
    .where(eq(roomSegments.uploadId, target.roomId));
  if (segment) target = { ...target, segmentId: segment.id };
  const named = namedValues(target);
  const url = route.path.replace(/\{([^}]+)\}/g, (_, param: string) =>
    idFor(route.path, target, param),
  );
  if (route.body) return [{ method: route.method, url, json: sample(route.body, '', named) }];
  if (route.method === 'DELETE') return [{ method: route.method, url }];
  const photo = await smallPhoto('living-room.jpg', 160);
  const fields = { prompt: 'make it brighter', projectId: target.projectId };
  return [
    { method: route.method, url, json: { imageUrl: named.imageUrl, ...fields } },
    {
      method: route.method,
      url,
      multipart: form({ image: { data: photo, filename: 'a.jpg', type: 'image/jpeg' }, ...fields }),
    },
  ];
}

export function send(app: App, attempt: Attempt, headers: Record<string, string>) {
  return app.inject({
    method: attempt.method,
    url: attempt.url,
    headers,
    ...(attempt.json !== undefined ? { payload: attempt.json as object } : {}),
    ...(attempt.multipart ? { payload: attempt.multipart } : {}),
  });
}

/** Tables whose rows are bookkeeping of the caller, not the account's data. */
const NOT_THE_ACCOUNTS = new Set(['sessions', 'share_views', 'server_secrets', 'guest_usage']);

/**
 * Everything the target has: every row in any table that names the target or one of its
 * resources, and every stored file in its folders. Equal before and after means unchanged.
 */
export async function snapshot(app: App, target: Target) {
  const marks = [
    target.user.id,
    ...target.images.map((i) => i.id),
    target.projectId,
    target.linkId,
    target.roomId,
    target.accountShareId,
  ];
  const rows: string[] = [];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const tableName = getTableName(table);
    if (NOT_THE_ACCOUNTS.has(tableName)) continue;
    const all = await app.database.db.select().from(table);
    for (const row of all) {
      const text = JSON.stringify(row);
      if (marks.some((mark) => text.includes(mark))) rows.push(`${tableName} ${text}`);
    }
  }
  const files: string[] = [];
  for (const prefix of accountFolders(target.user.id))
    files.push(...(await app.storage.list(prefix)));
  return { rows: rows.sort(), files: files.sort() };
}

type Box = { x: number; y: number; width: number; height: number };

const smallest = (segments: { boundingBox: Box }[]) =>
  segments.reduce((a, b) =>
    b.boundingBox.width * b.boundingBox.height < a.boundingBox.width * a.boundingBox.height ? b : a,
  ).boundingBox;

const centreOf = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
