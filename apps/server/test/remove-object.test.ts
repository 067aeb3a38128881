import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectObjects, loadDetector } from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import {
  changedShareOutside,
  fetchStored,
  smallPhoto,
  storedFiles,
  upload,
} from './image-helpers.ts';

const creditsOf = async (app: App, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/user/stats', headers })).json().creditsRemaining;

const removeAt = (app: App, headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/remove-object', headers, payload });

describe('POST /api/remove-object (click to remove)', () => {
  let app: App;
  let headers: Record<string, string>;
  let imageUrl: string;
  let room: Buffer;

  beforeAll(async () => {
    app = await buildTestApp();
    await loadDetector();
    const person = await newSignedInUser(app);
    headers = person.headers;
    await setCredits(app, person.user.id, 10);
    ({ imageUrl } = (await upload(app, headers, await smallPhoto('living-room.jpg', 640))).json());
    room = await fetchStored(app, imageUrl, headers);
  });
  afterAll(() => app.close());

  it('takes the small piece under the click out for 1 credit and keeps the original', async () => {
    // The detector calls the pendant lamp by the wall a vase: small, against a plain wall.
    const lamp = (await detectObjects(room)).find((o) => o.label === 'vase')!;
    const point = { x: lamp.box.x + lamp.box.width / 2, y: lamp.box.y + lamp.box.height / 2 };
    const res = await removeAt(app, headers, { imageUrl, ...point });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'edited',
      creditsUsed: 1,
      creditsRemaining: 9,
      original_image: imageUrl,
      removed: { label: 'vase', box: lamp.box },
    });
    expect(body.applied[0]).toBe('Removed vase');
    expect(body.images[0]).toMatchObject({ prompt: 'Remove the vase', originalImageUrl: imageUrl });
    const edited = await fetchStored(app, body.editedImageUrl, headers);
    const after = await detectObjects(edited);
    expect(after.some((o) => o.label === 'vase' && o.score >= 0.3)).toBe(false);
    // Only around the lamp did pixels change: the sofa, the painting and the floor stay.
    const change = await changedShareOutside(room, edited, lamp.box, 4);
    expect(change).toBeLessThan(0.01);
    expect(await creditsOf(app, headers)).toBe(9);
  });

  it('takes the vase off the coffee table at full size: the sofa and the table go on behind it', async () => {
    // 1,600 px: the smooth fills blur the sofa's pleats there, and the gate kept the vase;
    // a stretch copied from beside it sits (decision 074).
    const full = await smallPhoto('living-room.jpg', 1600);
    const { imageUrl: fullUrl } = (await upload(app, headers, full)).json();
    const stored = await fetchStored(app, fullUrl, headers);
    // The white vase on the coffee table (the detector is unsure of it on the whole frame;
    // the click looks closer).
    const point = { x: (531 / 1600) * 100, y: (737 / 960) * 100 };
    const credits = await creditsOf(app, headers);
    const res = await removeAt(app, headers, { imageUrl: fullUrl, ...point });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ removed: { label: 'vase' }, creditsUsed: 1 });
    const edited = await fetchStored(app, body.editedImageUrl, headers);
    // Pixels changed only around the vase (its outline, seam and contact shadow).
    expect(await changedShareOutside(stored, edited, body.removed.box, 1)).toBeLessThan(0.005);
    expect(await creditsOf(app, headers)).toBe(credits - 1);
  }, 60_000);

  it('keeps the sofa rather than smear it: 422 too_large, no credit, nothing stored', async () => {
    const couch = (await detectObjects(room)).find((o) => o.label === 'couch')!;
    const point = { x: couch.box.x + couch.box.width / 2, y: couch.box.y + couch.box.height / 2 };
    const before = storedFiles(app).length;
    const credits = await creditsOf(app, headers);
    const res = await removeAt(app, headers, { imageUrl, ...point });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'too_large',
      clauses: [{ done: false, code: 'too_large', params: { target: 'couch' } }],
    });
    expect(await creditsOf(app, headers)).toBe(credits);
    expect(storedFiles(app).length).toBe(before);
  });

  it('answers 422 and refunds when nothing is under the click; nothing is stored', async () => {
    const before = storedFiles(app).length;
    const credits = await creditsOf(app, headers);
    const res = await removeAt(app, headers, { imageUrl, x: 50, y: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'nothing_at_point' });
    expect(res.json().message).toMatch(/^No object was found where you clicked/);
    expect(await creditsOf(app, headers)).toBe(credits);
    expect(storedFiles(app).length).toBe(before);
  });

  it('refuses bad input, other people’s images, guests and empty wallets', async () => {
    expect((await removeAt(app, headers, { imageUrl, x: 150, y: 10 })).statusCode).toBe(400);
    expect((await removeAt(app, headers, { imageUrl })).statusCode).toBe(400);
    const stranger = await newSignedInUser(app);
    expect((await removeAt(app, stranger.headers, { imageUrl, x: 50, y: 70 })).statusCode).toBe(
      404,
    );
    const guest = await removeAt(app, {}, { imageUrl, x: 50, y: 70 });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBeTruthy();
    const broke = await newSignedInUser(app);
    await setCredits(app, broke.user.id, 0);
    const own = (await upload(app, broke.headers, await smallPhoto('living-room.jpg', 320))).json();
    const res = await removeAt(app, broke.headers, { imageUrl: own.imageUrl, x: 50, y: 70 });
    expect(res.statusCode).toBe(402);
  });
});
