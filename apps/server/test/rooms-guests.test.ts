import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { uploadRoom } from './rooms-helpers.ts';

describe('room design for guests', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('keys a guest by the guest cookie and lists by the browser session', async () => {
    const first = await uploadRoom(app, {}, { sessionId: 'session-1-abc' });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    const guest = { cookie };
    const { uploadId } = first.json();
    await uploadRoom(app, guest, { sessionId: 'session-2-def' });
    const listed = await app.inject({
      url: '/api/gallery/uploads?sessionId=session-1-abc',
      headers: guest,
    });
    expect(listed.json().map((d: { id: string }) => d.id)).toEqual([uploadId]);
    expect(
      (await app.inject({ url: `/api/room-upload/${uploadId}`, headers: guest })).json(),
    ).toMatchObject({
      status: 'uploaded',
    });
    // Another browser with the same session id sees nothing: the cookie is what counts.
    const stranger = await uploadRoom(app, {});
    const strangerCookie = { cookie: String(stranger.headers['set-cookie']).split(';')[0]! };
    expect(
      (
        await app.inject({
          url: '/api/gallery/uploads?sessionId=session-1-abc',
          headers: strangerCookie,
        })
      ).json(),
    ).toEqual([]);
    expect(
      (await app.inject({ url: `/api/room-upload/${uploadId}`, headers: strangerCookie }))
        .statusCode,
    ).toBe(404);
    const more = await app.inject({
      method: 'POST',
      url: `/api/room-upload/${uploadId}/more-styles`,
      headers: guest,
    });
    expect(more.statusCode).toBe(402);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/room-upload/${uploadId}`,
      headers: guest,
    });
    expect(del.statusCode).toBe(200);
  });
});
