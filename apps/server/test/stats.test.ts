import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { images } from '../src/db/schema/index.ts';
import { dayRange } from '../src/features/stats/stats.service.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { smallPhoto, upload } from './image-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const daily = async (headers: Record<string, string>, query = '') =>
  app.inject({ url: `/api/stats/daily${query}`, headers });
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/stats/daily', () => {
  it('counts uploads, results and credits used per day, refunds netted out', async () => {
    const { headers } = await newSignedInUser(app);
    const { imageUrl } = (await upload(app, headers, await smallPhoto())).json();
    await upload(app, headers, await smallPhoto('living-room.jpg', 300));
    const edit = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/edit-image', headers, payload });
    expect((await edit({ imageUrl, prompt: 'darker', numImages: 2 })).statusCode).toBe(200);
    expect((await edit({ imageUrl, prompt: 'add a dog' })).statusCode).toBe(422);
    // A video is paid for too (10 credits): it counts among the credits used.
    const video = await app.inject({
      method: 'POST',
      url: '/api/generate-video',
      headers,
      payload: { imageUrl, prompt: 'slow zoom out' },
    });
    expect(video.json()).toMatchObject({ creditsUsed: 10 });

    const res = await daily(headers);
    expect(res.statusCode).toBe(200);
    const days = res.json().days;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toEqual({ date: today(), uploaded: 2, generated: 2, creditsUsed: 12 });
    expect(days.slice(0, -1).every((d: { uploaded: number }) => d.uploaded === 0)).toBe(true);
  });

  it('puts an image on the local day of the browser’s time zone', async () => {
    const { headers } = await newSignedInUser(app);
    const { id } = (await upload(app, headers, await smallPhoto())).json();
    // 00:30 today one hour east of UTC is 23:30 of the day before in UTC — whatever the time
    // the test runs at (between 23:00 and 24:00 UTC the east is a day ahead already).
    const eastToday = new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 10);
    const createdAt = new Date(`${eastToday}T00:00:00Z`);
    createdAt.setUTCMinutes(-30);
    await app.database.db.update(images).set({ createdAt }).where(eq(images.id, id));
    type Day = { date: string; uploaded: number };
    const dayOfUpload = (days: Day[]) => days.filter((d) => d.uploaded === 1).map((d) => d.date);
    const utc = (await daily(headers, '?days=2')).json().days as Day[];
    expect(dayOfUpload(utc)).toEqual([createdAt.toISOString().slice(0, 10)]);
    const east = (await daily(headers, '?days=2&offset=60')).json().days as Day[];
    expect(dayOfUpload(east)).toEqual([eastToday]);
    expect(east.at(-1)!.date).toBe(eastToday);
  });

  it('shows one account nothing of another’s, and refuses bad input', async () => {
    const a = await newSignedInUser(app);
    const b = await newSignedInUser(app);
    await upload(app, a.headers, await smallPhoto());
    const seen = (await daily(b.headers, '?days=1')).json().days;
    expect(seen).toEqual([{ date: today(), uploaded: 0, generated: 0, creditsUsed: 0 }]);
    expect((await daily({})).statusCode).toBe(401);
    for (const q of ['?days=0', '?days=400', '?days=abc', '?offset=9999', '?days=1.5']) {
      const res = await daily(a.headers, q);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('dayRange', () => {
  it('lists the calendar days oldest first in the given zone', () => {
    const now = new Date('2026-03-01T23:30:00Z');
    expect(dayRange(now, 3, 0)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(dayRange(now, 2, 60)).toEqual(['2026-03-01', '2026-03-02']);
  });
});
