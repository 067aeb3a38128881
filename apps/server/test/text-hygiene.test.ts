import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema/index.ts';
import { testConfig, testDatabase } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { form, smallPhoto } from './image-helpers.ts';
import { uniqueEmail } from './auth-helpers.ts';

let app: App;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ RATE_LIMIT_SCALE: '1000' }),
    database: await testDatabase(),
    logger: false,
  });
  // A route that hands PostgreSQL a value it cannot take, as a handler bug would.
  app.get('/api/test/cast/:value', async (request) => {
    const { value } = request.params as { value: string };
    await app.database.db.execute(sql`select ${value}::integer as n`);
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());

const userCount = async () => (await app.database.db.select().from(users)).length;

function expectRefused(res: { statusCode: number; json(): { message?: unknown } }) {
  expect(res.statusCode).toBe(400);
  expect(res.json().message).toMatch(/not allowed/);
}

describe('text hygiene: the cases that once reached PostgreSQL (regressions)', () => {
  it('refuses a NUL in the sign-in e-mail with 400, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@x.com', password: 'whatever-password' },
    });
    expectRefused(res);
    expect(res.json().message).toMatch(/^body\.email/);
  });

  it('refuses a NUL in the first name at registration and creates no account', async () => {
    const before = await userCount();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: uniqueEmail(),
        password: 'correct horse battery',
        firstName: 'Ad\u0000a',
        lastName: 'Lovelace',
      },
    });
    expectRefused(res);
    expect(await userCount()).toBe(before);
  });

  it('refuses a NUL in a path parameter (GET /api/shared/%00)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shared/%00' });
    expectRefused(res);
    expect(res.json().message).toMatch(/^params\.token/);
  });
});

describe('text hygiene everywhere a client can put text', () => {
  it('refuses lone surrogates and non-characters in a JSON body', async () => {
    for (const bad of ['\ud800', 'x\udc00', '\ufdd0', '\uffff', '\ud83f\udffe']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"email":${JSON.stringify(`a${bad}@x.com`)},"password":"whatever-password"}`,
      });
      expectRefused(res);
    }
  });

  it('refuses a forbidden character in an object key', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@x.com","password":"whatever-password","\\u0000":1}',
    });
    expectRefused(res);
  });

  it('refuses them in the query string', async () => {
    const { headers } = await newSignedInUser(app);
    for (const q of ['cursor=%00', 'cursor=%EF%BF%BF', 'limit=1%00']) {
      const res = await app.inject({ method: 'GET', url: `/api/history?${q}`, headers });
      expectRefused(res);
    }
  });

  it('refuses a NUL in a multipart field', async () => {
    const { headers } = await newSignedInUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/edit-image',
      headers,
      payload: form({
        image: { data: await smallPhoto('cat.png', 64), filename: 'cat.png' },
        prompt: 'black\u0000 and white',
        numImages: '1',
      }),
    });
    expectRefused(res);
    expect(res.json().message).toMatch(/^fields\.prompt/);
  });

  it('lets ordinary text through: accents, emoji, CJK, right-to-left', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'zoë😀漢字שלום@x.com', password: 'whatever-password' },
    });
    expect(res.statusCode).not.toBe(500);
    expect(res.json().message).not.toMatch(/not allowed/);
  });
});

describe('PostgreSQL data errors (class 22)', () => {
  it('answer 400 with a message instead of 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/cast/abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'A value in the request is not valid' });
    const ok = await app.inject({ method: 'GET', url: '/api/test/cast/12' });
    expect(ok.statusCode).toBe(200);
  });
});
