import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadDetector } from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { jobs } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { processedRoom, subscribe } from './rooms-helpers.ts';
import { card, post } from './billing-helpers.ts';

describe("room design: 'More styles'", () => {
  let app: App;
  let owner: Awaited<ReturnType<typeof newSignedInUser>>;
  let room: Awaited<ReturnType<typeof processedRoom>>;

  beforeAll(async () => {
    app = await buildTestApp();
    await loadDetector();
    owner = await newSignedInUser(app);
    room = await processedRoom(app, owner.headers);
  }, 240_000);
  afterAll(() => app.close());

  it("'More styles' needs a subscription and 10 tokens, and costs 10", async () => {
    const more = () =>
      app.inject({
        method: 'POST',
        url: `/api/room-upload/${room.uploadId}/more-styles`,
        headers: owner.headers,
      });
    await setCredits(app, owner.user.id, 50);
    const unsubscribed = await more();
    expect(unsubscribed.statusCode).toBe(402);
    expect(unsubscribed.json()).toMatchObject({
      title: 'Not Enough Credits',
      message: 'You need 10 credits to generate more styles. Your credits will refresh monthly.',
    });
    await subscribe(app, owner.user.id);
    await setCredits(app, owner.user.id, 9);
    expect((await more()).statusCode).toBe(402);
    await setCredits(app, owner.user.id, 10);
    const done = await more();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ creditsUsed: 10, creditsRemaining: 0 });
    expect(done.json().variations.map((v: { style: string }) => v.style)).toEqual([
      'minimalist',
      'mid-century',
      'coastal',
      'japandi',
    ]);
    expect((await more()).statusCode).toBe(409);
    // Leased like every paid job (a crash mid-run is refunded by the sweep, its files removed).
    const [job] = await app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.accountId, owner.user.id));
    expect(job).toMatchObject({ kind: 'room-styles', status: 'succeeded', creditsReserved: 10 });
    const styleFiles = done.json().variations.map((v: { imageUrl: string }) => v.imageUrl);
    for (const url of styleFiles) {
      expect(job!.fileKeys?.some((key) => url.endsWith(key))).toBe(true);
    }
  });

  it("'More styles' is free and needs no subscription after the premium room upgrade", async () => {
    const buyer = await newSignedInUser(app);
    const design = await processedRoom(app, buyer.headers);
    await setCredits(app, buyer.user.id, 0);
    const more = () =>
      app.inject({
        method: 'POST',
        url: `/api/room-upload/${design.uploadId}/more-styles`,
        headers: buyer.headers,
      });
    expect((await more()).statusCode).toBe(402);
    const intent = await post(app, '/api/create-payment-intent', buyer.headers, { amount: 29.99 });
    const paid = await post(
      app,
      '/api/billing/test-card',
      buyer.headers,
      card(intent.json().clientSecret),
    );
    expect(paid.statusCode).toBe(200);
    const done = await more();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ creditsUsed: 0, creditsRemaining: 0 });
    expect(done.json().variations).toHaveLength(4);
  }, 120_000);
});
