import { expect } from 'vitest';
import type { Project } from '@image-lab/contract';
import type { App } from '../src/app.ts';
import type { newSignedInUser } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';

export type Person = Awaited<ReturnType<typeof newSignedInUser>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** app.inject as a person (or signed out with null), JSON body when given. */
export const caller =
  (app: App) => (who: Person | null, method: Method, url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: who?.headers ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

/** A stored upload of the person's acting account. */
export async function uploadImage(app: App, who: Person, width = 320) {
  const res = await upload(app, who.headers, await smallPhoto('living-room.jpg', width));
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; imageUrl: string };
}

export async function createProject(app: App, who: Person, body: Record<string, unknown>) {
  const res = await caller(app)(who, 'POST', '/api/projects', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Project;
}

/** Shares the owner's account with the grantee and switches the grantee into it. */
export async function actInto(app: App, owner: Person, grantee: Person, permissions: string) {
  const call = caller(app);
  const shared = await call(owner, 'POST', '/api/share-account', {
    email: grantee.user.email,
    permissions,
  });
  expect(shared.statusCode).toBe(200);
  const switched = await call(grantee, 'POST', '/api/switch-account', { ownerId: owner.user.id });
  expect(switched.statusCode).toBe(200);
}

/** Every image record of the acting account, by id. */
export async function recordsById(app: App, who: Person) {
  const res = await caller(app)(who, 'GET', '/api/edited-images');
  expect(res.statusCode).toBe(200);
  const list = res.json() as { id: string; projectId: string | null; prompt: string }[];
  return new Map(list.map((r) => [r.id, r]));
}
