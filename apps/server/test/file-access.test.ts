import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { hashPassword } from '../src/platform/secrets.ts';
import type { Storage } from '../src/platform/storage.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';
import { actInto, caller, uploadImage, type Person } from './project-helpers.ts';
import { uploadRoom } from './rooms-helpers.ts';
import { startS3 } from './s3-helpers.ts';

/**
 * Every address a stored file can be reached by × everyone who might ask, before and after
 * deletion (docs/decisions/020), on local storage and on S3 (s3rver); the PostgreSQL run of the
 * suite repeats it on PostgreSQL. A mismatch is listed, so a failure shows the whole picture.
 */
type Role = 'owner' | 'readGrantee' | 'writeGrantee' | 'otherAccount' | 'visitor';
const ROLES: Role[] = ['owner', 'readGrantee', 'writeGrantee', 'otherAccount', 'visitor'];

interface Address {
  label: string;
  method?: 'GET' | 'POST';
  url: string;
  payload?: object;
}

const optimize = (url: string) => `/api/optimize-image?url=${encodeURIComponent(url)}&w=320`;
const download = (url: string) =>
  `/api/download-image?url=${encodeURIComponent(url)}&format=png&filename=x`;

describe.each([
  [
    'local storage',
    async () => ({ storage: undefined as Storage | undefined, close: async () => {} }),
  ],
  ['S3 storage (s3rver)', startS3],
])('who gets which file, on %s', (_name, makeStorage) => {
  let app: App;
  let closeStorage: () => Promise<void>;
  const people = {} as Record<Role, Person | null>;
  let stranger: Person;
  let files: {
    upload: { id: string; imageUrl: string };
    edited: { id: string; imageUrl: string };
    videoUrl: string;
    roomId: string;
    roomOriginal: string;
  };

  beforeAll(async () => {
    const made = await makeStorage();
    closeStorage = made.close;
    app = await buildTestApp({ RATE_LIMIT_SCALE: '1000' }, { storage: made.storage });
    const owner = await newSignedInUser(app, { firstName: 'Alice' });
    await setCredits(app, owner.user.id, 100);
    const readGrantee = await newSignedInUser(app);
    const writeGrantee = await newSignedInUser(app);
    await actInto(app, owner, readGrantee, 'read');
    await actInto(app, owner, writeGrantee, 'write');
    stranger = await newSignedInUser(app);
    Object.assign(people, {
      owner,
      readGrantee,
      writeGrantee,
      otherAccount: stranger,
      visitor: null,
    });
    const call = caller(app);
    const uploaded = await uploadImage(app, owner);
    const edit = await call(owner, 'POST', '/api/edit-image', {
      imageUrl: uploaded.imageUrl,
      prompt: 'make it brighter',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const video = await call(owner, 'POST', '/api/generate-video', {
      imageUrl: uploaded.imageUrl,
      prompt: 'zoom in',
    });
    expect(video.statusCode, video.body).toBe(200);
    const room = (await uploadRoom(app, owner.headers)).json();
    files = {
      upload: uploaded,
      edited: { id: edit.json().images[0].id, imageUrl: edit.json().edited_image },
      videoUrl: video.json().videoUrl,
      roomId: room.uploadId,
      roomOriginal: room.originalImageUrl,
    };
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await closeStorage();
  });

  const ask = (role: Role, address: Address) =>
    caller(app)(people[role], address.method ?? 'GET', address.url, address.payload);

  /** The files' own addresses, and what is made of them on request. */
  const privateAddresses = (): Address[] => {
    const images = [files.upload.imageUrl, files.edited.imageUrl, files.roomOriginal];
    return [
      ...images.flatMap((url) => [
        { label: `file ${url}`, url },
        { label: `optimized ${url}`, url: optimize(url) },
        { label: `download ${url}`, url: download(url) },
      ]),
      { label: 'video', url: files.videoUrl },
    ];
  };
  const zip = (): Address => ({
    label: 'zip',
    method: 'POST',
    url: '/api/download-all-images',
    payload: { images: [{ url: files.upload.imageUrl }, { url: files.edited.imageUrl }] },
  });

  async function mismatches(addresses: Address[], expected: (role: Role) => number) {
    const found: string[] = [];
    for (const address of addresses) {
      for (const role of ROLES) {
        const res = await ask(role, address);
        const want = expected(role);
        if (res.statusCode !== want)
          found.push(`${role} ${address.label}: ${res.statusCode} ≠ ${want}`);
        const cache = String(res.headers['cache-control'] ?? '');
        if (res.statusCode === 200 && address.method !== 'POST' && !cache.startsWith('private')) {
          found.push(`${role} ${address.label}: cache-control "${cache}"`);
        }
      }
    }
    return found;
  }

  const mayRead = (role: Role) =>
    role === 'owner' || role === 'readGrantee' || role === 'writeGrantee';

  it('private files go to the account and its grantees only, and are never cached publicly', async () => {
    expect(await mismatches(privateAddresses(), (role) => (mayRead(role) ? 200 : 404))).toEqual([]);
    expect(
      await mismatches([zip()], (role) => (mayRead(role) ? 200 : role === 'visitor' ? 401 : 404)),
    ).toEqual([]);
    // Storage paths that name no owner (or a made-up one) are nobody's.
    for (const url of ['/uploads/tmp/x.jpg', `/uploads/images/${stranger.user.id}/nothing.jpg`]) {
      expect((await ask('owner', { label: url, url })).statusCode).toBe(404);
    }
  });

  it('visitors get a file only through a live share, by the share’s address; then never again', async () => {
    const call = caller(app);
    const owner = people.owner!;
    const link = await call(owner, 'POST', '/api/gallery/shares', { imageIds: [files.upload.id] });
    expect(link.statusCode).toBe(201);
    const project = await call(owner, 'POST', '/api/projects', {
      name: 'Shared',
      imageUrls: [files.edited.imageUrl],
    });
    const projectShare = await call(owner, 'POST', `/api/projects/${project.json().id}/share`, {
      isPublic: true,
    });
    const design = await call(owner, 'PUT', `/api/room-upload/${files.roomId}/sharing`, {
      isPublic: true,
    });
    const published = await call(owner, 'PATCH', `/api/gallery/${files.upload.id}`, {
      published: true,
    });
    expect(published.statusCode).toBe(200);
    const designToken = (design.json().shareUrl as string).split('/').pop()!;
    const shared = [
      `/api/shared/${link.json().token}/images/${files.upload.id}`,
      `/api/shared-project/${projectShare.json().shareToken}/images/${files.edited.id}`,
      `/api/shared/design/${designToken}/images/original`,
      `/api/gallery/public/${files.upload.id}`,
    ];
    const addresses = shared.flatMap((url) => [
      { label: `share ${url}`, url },
      { label: `optimized share ${url}`, url: optimize(url) },
      { label: `download share ${url}`, url: download(url) },
    ]);
    const found: string[] = [];
    for (const address of addresses) {
      for (const role of ROLES) {
        const res = await ask(role, address);
        if (res.statusCode !== 200) found.push(`${role} ${address.label}: ${res.statusCode}`);
        const cache = String(res.headers['cache-control'] ?? '');
        if (!cache.startsWith('public, max-age=31536000')) {
          found.push(`${role} ${address.label}: cache-control "${cache}"`);
        }
      }
    }
    expect(found).toEqual([]);
    // The addresses visitors get name the share, never the owner's account or storage path.
    for (const url of shared) expect(url).not.toContain(owner.user.id);

    // Revoked, private again, turned off, withdrawn: every share address is gone for everyone.
    await call(owner, 'DELETE', `/api/gallery/shares/${link.json().id}`);
    await call(owner, 'POST', `/api/projects/${project.json().id}/share`, { isPublic: false });
    await call(owner, 'PUT', `/api/room-upload/${files.roomId}/sharing`, { isPublic: false });
    await call(owner, 'PATCH', `/api/gallery/${files.upload.id}`, { published: false });
    expect(await mismatches(addresses, () => 404)).toEqual([]);
    // The private files themselves are as before.
    expect(await mismatches(privateAddresses(), (role) => (mayRead(role) ? 200 : 404))).toEqual([]);
  });

  it('deleting takes every address of every rendition with it, for everyone, at once', async () => {
    const call = caller(app);
    const owner = people.owner!;
    // Copies made for a share and for the owner alike must go.
    const link = await call(owner, 'POST', '/api/gallery/shares', { imageIds: [files.upload.id] });
    const sharedUrl = `/api/shared/${link.json().token}/images/${files.upload.id}`;
    expect((await call(null, 'GET', optimize(sharedUrl))).statusCode).toBe(200);
    const key = files.upload.imageUrl.slice('/uploads/'.length);
    const copies = await app.storage.list(`renditions/${key}/`);
    expect(copies.some((k) => /\/w320-q80\.jpeg$/.test(k))).toBe(true);
    expect(copies.some((k) => /\/video-[0-9a-f-]+\.mp4$/.test(k))).toBe(true);

    const deleted = await call(owner, 'POST', '/api/gallery/delete', {
      ids: [files.upload.id, files.edited.id],
    });
    expect(deleted.json().deleted).toBe(2);
    expect((await call(owner, 'DELETE', `/api/room-upload/${files.roomId}`)).statusCode).toBe(200);

    expect(await mismatches(privateAddresses(), () => 404)).toEqual([]);
    expect(await mismatches([zip()], (role) => (role === 'visitor' ? 401 : 404))).toEqual([]);
    for (const url of [sharedUrl, optimize(sharedUrl)]) {
      expect((await call(null, 'GET', url)).statusCode, url).toBe(404);
    }
    // Nothing of the owner's is left in the storage: no file, no resized copy, no video.
    expect(await app.storage.list(`images/${owner.user.id}/`)).toEqual([]);
    expect(await app.storage.list(`renditions/images/${owner.user.id}/`)).toEqual([]);
    expect(await app.storage.list(`rooms/${owner.user.id}/`)).toEqual([]);
  });

  it('every way of deleting takes the resized copies too: project, record, account', async () => {
    const call = caller(app);
    const person = await newSignedInUser(app, {
      passwordHash: await hashPassword('correct horse battery'),
    });
    const copied = async () => {
      const image = await uploadImage(app, person, 160);
      const res = await call(person, 'GET', optimize(image.imageUrl));
      expect(res.statusCode).toBe(200);
      return image;
    };
    const inProject = await copied();
    const project = await call(person, 'POST', '/api/projects', {
      name: 'Doomed',
      imageUrls: [inProject.imageUrl],
    });
    const record = await copied();
    const last = await copied();
    const kept = `renditions/images/${person.user.id}/`;
    expect((await app.storage.list(kept)).length).toBe(3);

    await call(person, 'DELETE', `/api/projects/${project.json().id}`);
    await call(person, 'DELETE', `/api/edited-images/${record.id}`);
    for (const gone of [inProject, record]) {
      expect((await call(person, 'GET', optimize(gone.imageUrl))).statusCode).toBe(404);
    }
    expect(await app.storage.list(kept)).toEqual([
      expect.stringContaining(last.imageUrl.slice('/uploads/'.length)),
    ]);
    const closed = await call(person, 'DELETE', '/api/auth/account', {
      password: 'correct horse battery',
    });
    expect(closed.statusCode).toBe(200);
    expect(await app.storage.list(kept)).toEqual([]);
    expect(await app.storage.list(`images/${person.user.id}/`)).toEqual([]);
  });

  it('a guest’s files go to that guest’s browser only', async () => {
    const first = await upload(app, {}, await smallPhoto('living-room.jpg', 160));
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const url = first.json().imageUrl as string;
    expect(url).toMatch(/^\/uploads\/guests\//);
    const other = await upload(app, {}, await smallPhoto('living-room.jpg', 160));
    const otherGuest = String(other.headers['set-cookie']).split(';')[0]!;
    const expectations: [Record<string, string>, number][] = [
      [{ cookie }, 200],
      [{ cookie: otherGuest }, 404],
      [people.owner!.headers, 404],
      [{}, 404],
    ];
    for (const [headers, status] of expectations) {
      for (const address of [url, optimize(url), download(url)]) {
        const res = await app.inject({ url: address, headers });
        expect(res.statusCode, `${JSON.stringify(headers)} ${address}`).toBe(status);
      }
    }
  });
});
