import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { GUEST_LIMIT_REACHED } from '../src/features/guests/guest.service.ts';
import { settleProcessing } from '../src/features/rooms/room-processing.service.ts';
import { ROOM_DESIGN_JOB } from '../src/features/rooms/rooms.job.ts';
import { LocalJobRunner, type RunOptions } from '../src/platform/jobs.ts';
import { buildTestApp } from './helper.ts';
import { uploadRoom } from './rooms-helpers.ts';

/** Room designs wait until released and then fail, so the allowance stays taken meanwhile. */
class HeldRoomJobs extends LocalJobRunner {
  release!: () => void;
  private readonly held = new Promise<void>((resolve) => (this.release = resolve));
  override run<P, R>(name: string, payload: P, options?: RunOptions): Promise<R> {
    if (name !== ROOM_DESIGN_JOB) return super.run(name, payload, options);
    return this.held.then(() => Promise.reject(new Error('the model is down')));
  }
}

let app: App;
const jobs = new HeldRoomJobs(2);
beforeAll(async () => {
  // One free result a day per guest, four guests' worth per network address.
  app = await buildTestApp({ GUEST_FREE_IMAGES: '1' }, { jobs });
});
afterAll(async () => {
  jobs.release();
  await app.close();
});

async function newGuestDesign(cookie?: string) {
  const res = await uploadRoom(app, cookie ? { cookie } : {});
  expect(res.statusCode).toBe(200);
  const guestCookie = cookie ?? String(res.headers['set-cookie']).split(';')[0]!;
  return { cookie: guestCookie, uploadId: res.json().uploadId as string };
}

// The run shares one database, and other files' guests come from 127.0.0.1 too: this file's
// visitors share an address of their own.
const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
const processRoom = (cookie: string, uploadId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/process-room/${uploadId}`,
    headers: { cookie },
    remoteAddress: address,
  });

describe("guests' room processing draws on the guest allowance", () => {
  it('refuses a second design of the day, then a fifth guest on the same address', async () => {
    const first = await newGuestDesign();
    expect((await processRoom(first.cookie, first.uploadId)).statusCode).toBe(202);
    const again = await newGuestDesign(first.cookie);
    const refused = await processRoom(again.cookie, again.uploadId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      message: GUEST_LIMIT_REACHED,
      title: 'Free Edits Used',
    });
    const design = await app.inject({
      url: `/api/room-upload/${again.uploadId}`,
      headers: { cookie: again.cookie },
    });
    expect(design.json().status).toBe('uploaded');

    // Three more visitors from the same address use its four guests' worth.
    for (let i = 0; i < 3; i++) {
      const other = await newGuestDesign();
      expect((await processRoom(other.cookie, other.uploadId)).statusCode).toBe(202);
    }
    const fifth = await newGuestDesign();
    const atAddressLimit = await processRoom(fifth.cookie, fifth.uploadId);
    expect(atAddressLimit.statusCode).toBe(402);
    expect(atAddressLimit.json().message).toBe(GUEST_LIMIT_REACHED);

    // Failed designs give their result back: the fifth visitor may now try.
    jobs.release();
    await settleProcessing(app);
    expect((await processRoom(fifth.cookie, fifth.uploadId)).statusCode).toBe(202);
    await settleProcessing(app);
  });
});
