import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { images } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { insertGalleryImages } from './gallery-helpers.ts';
import { writeRoutes } from './permission-sweep.ts';

/**
 * Cross-site request forgery, the whole matrix (docs/decisions/003, 022): every combination of
 * Sec-Fetch-Site and Origin a browser (or a forger) can send, on a signed-in state-changing call
 * whose effect is visible, then the refusals on every state-changing route of the API.
 */
const HOST = 'localhost:5000';
const OURS = `http://${HOST}`;

type Verdict = 'allowed' | 'refused';
const FETCH_SITES = [undefined, 'same-origin', 'none', 'same-site', 'cross-site'] as const;
const ORIGINS = [
  undefined,
  OURS,
  'null',
  'not a url',
  'https://evil.example',
  'http://localhost:5001',
];

/** What a correct server does with each pair. */
function expected(site: (typeof FETCH_SITES)[number], origin: string | undefined): Verdict {
  // The browser says the request came from another site (sibling subdomains included).
  if (site === 'same-site' || site === 'cross-site') return 'refused';
  // No Origin: not a browser's cross-site request (browsers send Origin on every such write).
  if (origin === undefined) return 'allowed';
  return origin === OURS ? 'allowed' : 'refused';
}

describe('CSRF', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_SCALE: '1000', PUBLIC_URL: OURS });
  });
  afterAll(() => app.close());

  it('refuses every cross-site or foreign-origin write before it takes effect, allows our own', async () => {
    const { user, headers } = await newSignedInUser(app);
    const [image] = await insertGalleryImages(app, user.id, 1);
    const favorite = async () =>
      (await app.database.db.select().from(images).where(eq(images.id, image!.id)))[0]!.favorite;
    const wrong: string[] = [];
    let state = false;
    for (const site of FETCH_SITES) {
      for (const origin of ORIGINS) {
        const res = await app.inject({
          method: 'PATCH',
          url: `/api/gallery/${image!.id}`,
          headers: {
            ...headers,
            host: HOST,
            ...(site ? { 'sec-fetch-site': site } : {}),
            ...(origin !== undefined ? { origin } : {}),
          },
          payload: { favorite: !state },
        });
        const now = await favorite();
        const got: Verdict = res.statusCode === 200 && now !== state ? 'allowed' : 'refused';
        if (got === 'refused' && (res.statusCode !== 403 || now !== state)) {
          wrong.push(`${site} ${origin}: refused as ${res.statusCode}, changed: ${now !== state}`);
        }
        if (got !== expected(site, origin)) wrong.push(`${site} ${origin}: ${got}`);
        state = now;
      }
    }
    expect(wrong).toEqual([]);
  });

  it('does not believe X-Forwarded-Host unless TRUST_PROXY is on', async () => {
    const forged = {
      host: HOST,
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
    };
    const { headers } = await newSignedInUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { ...headers, ...forged },
      payload: { name: 'Forged' },
    });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/projects', headers })).json()).toEqual([]);

    // Behind a trusted proxy the forwarded host is the one the browser used.
    const proxied = await buildTestApp({
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://images.example',
    });
    try {
      const person = await newSignedInUser(proxied);
      const createFrom = (origin: string) =>
        proxied.inject({
          method: 'POST',
          url: '/api/projects',
          headers: {
            ...person.headers,
            host: 'internal:5000',
            'x-forwarded-host': 'images.example',
            origin,
          },
          payload: { name: 'Proxied' },
        });
      expect((await createFrom('https://images.example')).statusCode).toBe(200);
      expect((await createFrom('https://evil.example')).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('every state-changing route refuses a cross-site or foreign request, signed in or not', async () => {
    const { headers } = await newSignedInUser(app);
    const forgeries = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: '%%%' },
      { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
    ];
    const wrong: string[] = [];
    for (const route of writeRoutes(app)) {
      // Webhooks carry their sender's signature instead (Stripe never sends our Origin).
      if (route.path.startsWith('/api/webhooks/')) continue;
      const url = route.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const forged of forgeries) {
        for (const session of [{}, headers]) {
          const res = await app.inject({
            method: route.method,
            url,
            headers: { host: HOST, ...session, ...forged },
            payload: {},
          });
          if (res.statusCode !== 403 || res.json().message !== 'Cross-origin request refused') {
            wrong.push(
              `${route.method} ${route.path} ${JSON.stringify(forged)}: ${res.statusCode}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
