import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const sessionBlock = (html: string) =>
  /<script type="application\/json" id="session-user">(.*?)<\/script>/.exec(html)?.[1];

describe('the page of a signed-in screen says who is signed in', () => {
  it('carries the person as /api/auth/user answers, kept out of shared caches', async () => {
    const { headers } = await newSignedInUser(app, { firstName: 'Ada' });
    const page = await app.inject({ url: '/checkout', headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['vary']).toContain('cookie');
    const asked = (await app.inject({ url: '/api/auth/user', headers })).json();
    expect(JSON.parse(sessionBlock(page.body)!)).toEqual(asked);
    expect(asked.firstName).toBe('Ada');
  });

  it('says null for a session that is no longer valid, and nothing without one', async () => {
    const stale = await app.inject({ url: '/editor', headers: { cookie: 'sid=not-a-session' } });
    expect(sessionBlock(stale.body)).toBe('null');
    const visitor = await app.inject({ url: '/editor' });
    expect(sessionBlock(visitor.body)).toBeUndefined();
    expect(visitor.headers['cache-control']).toBe('no-cache');
  });

  it('cannot be broken out of by what a person typed into their name', async () => {
    const name = '</script><script>alert(1)</script>\u2028';
    const { headers } = await newSignedInUser(app, { firstName: name });
    const page = await app.inject({ url: '/settings', headers });
    const block = sessionBlock(page.body)!;
    expect(block).not.toContain('<');
    expect(JSON.parse(block).firstName).toBe(name.replace('\u2028', ' '));
    expect(page.body.match(/<script/g)).toHaveLength(
      (await app.inject({ url: '/settings' })).body.match(/<script/g)!.length + 1,
    );
  });
});
