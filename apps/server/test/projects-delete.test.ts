import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { LocalStorage } from '../src/platform/storage.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { storedFiles } from './image-helpers.ts';
import { caller, createProject, recordsById, uploadImage } from './project-helpers.ts';

/** Local storage whose deletes fail, as an unreachable S3 would. */
class UndeletableStorage extends LocalStorage {
  override async delete(): Promise<void> {
    throw new Error('storage is down');
  }
}

let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(() => app.close());

const fileOf = (a: App, imageUrl: string) =>
  path.join(a.config.dataDir, imageUrl.replace(/^\/uploads\//, 'uploads/'));

describe('DELETE /api/projects/{id}', () => {
  it('removes the project, its image rows and their files, and nothing else', async () => {
    const me = await newSignedInUser(app);
    const [a, b, loose, kept] = [
      await uploadImage(app, me),
      await uploadImage(app, me),
      await uploadImage(app, me),
      await uploadImage(app, me),
    ];
    const doomed = await createProject(app, me, {
      name: 'Doomed',
      imageUrls: [a.imageUrl, b.imageUrl],
      originalImageUrl: loose.imageUrl,
    });
    const other = await createProject(app, me, { name: 'Other', imageUrls: [kept.imageUrl] });
    const events: string[] = [];
    const stop = await app.events.subscribe(me.user.id, (e) => events.push(e.type));
    const filesBefore = storedFiles(app).length;

    const res = await call(me, 'DELETE', `/api/projects/${doomed.id}`);
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Project deleted' });
    expect(events).toContain('images-updated');
    expect(events).toContain('projects-updated');

    expect((await call(me, 'GET', `/api/projects/${doomed.id}`)).statusCode).toBe(404);
    const records = await recordsById(app, me);
    expect(records.has(a.id)).toBe(false);
    expect(records.has(b.id)).toBe(false);
    expect(records.get(loose.id)?.projectId).toBeNull();
    expect(records.get(kept.id)?.projectId).toBe(other.id);
    for (const gone of [a, b]) {
      expect(fs.existsSync(fileOf(app, gone.imageUrl))).toBe(false);
      expect((await call(me, 'GET', gone.imageUrl)).statusCode).toBe(404);
    }
    for (const stays of [loose, kept]) {
      expect((await call(me, 'GET', stays.imageUrl)).statusCode).toBe(200);
    }
    expect(storedFiles(app).length).toBe(filesBefore - 2);
    expect((await call(me, 'GET', '/api/projects')).json()).toMatchObject([
      { id: other.id, imageCount: 1 },
    ]);
    expect((await call(me, 'GET', '/api/projects/active')).json()).toEqual({
      id: other.id,
      name: 'Other',
    });
    expect((await call(me, 'DELETE', `/api/projects/${doomed.id}`)).statusCode).toBe(404);
  });

  it('drops the rows even when the files cannot be removed: orphans, never dangling rows', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-undeletable-'));
    const broken = await buildTestApp(
      { DATA_DIR: dataDir },
      { storage: new UndeletableStorage(path.join(dataDir, 'uploads')) },
    );
    try {
      const me = await newSignedInUser(broken);
      const image = await uploadImage(broken, me);
      const project = await createProject(broken, me, {
        name: 'Stuck files',
        imageUrls: [image.imageUrl],
      });
      const res = await caller(broken)(me, 'DELETE', `/api/projects/${project.id}`);
      expect(res.statusCode).toBe(200);
      expect((await recordsById(broken, me)).has(image.id)).toBe(false);
      expect((await caller(broken)(me, 'GET', '/api/projects')).json()).toEqual([]);
      // The file is an orphan now (logged with its key), which no row points at.
      expect(fs.existsSync(fileOf(broken, image.imageUrl))).toBe(true);
    } finally {
      await broken.close();
    }
  });
});
