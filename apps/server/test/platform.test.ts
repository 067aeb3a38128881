import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';

let app: App;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('health', () => {
  it('reports the database as reachable and the version', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.database).toEqual({ kind: process.env.TEST_DB ?? 'pglite', reachable: true });
  });

  it('has applied every migration', async () => {
    const result = await app.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = (result as unknown as { rows: { table_name: string }[] }).rows.map(
      (r) => r.table_name,
    );
    expect(names).toEqual(expect.arrayContaining(['users', 'sessions']));
  });
});

describe('routing', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toContain('/api/no/such/thing');
  });

  it('answers every other page path with the SPA so the client draws the 404 screen', async () => {
    for (const url of ['/', '/no/such/page', '/login', '/share/abc?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with immutable caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build’s Brotli or gzip copy to browsers that accept it', async () => {
    const br = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('the Brotli copy');
    expect(br.headers.vary).toContain('accept-encoding');
    const gzip = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('the gzip copy');
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('fixture bundle');
  });

  it('does not serve a missing asset as the SPA', async () => {
    const res = await app.inject({ method: 'POST', url: '/assets/nope.js' });
    expect(res.statusCode).toBe(404);
  });

  it('does not let a path leave the web folder', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/..%2f..%2f..%2fpackage.json' });
    expect(res.body).not.toContain('"workspaces"');
  });
});

describe('security headers and request ids', () => {
  it('sends CSP with the inline script hash, nosniff and frame protection', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives every response a request id', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/health' });
    const b = await app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('refuses a cross-origin state-changing request', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'https://evil.example', host: 'localhost:5000' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused', code: 'forbidden' });
  });

  it('refuses a request the browser marks as cross-site', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/anything',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('lets a same-origin request through', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/anything',
      headers: { origin: 'http://localhost:5000', host: 'localhost:5000' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the zod contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.title).toBe('Image Lab API');
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/gallery'].get).toBeDefined();
  });

  it('describes the body of an edit, as JSON and as multipart, and every error with its code', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const edit = doc.paths['/api/edit-image'].post;
    const json = edit.requestBody.content['application/json'].schema;
    const form = edit.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(json.properties)).toEqual(expect.arrayContaining(['prompt', 'preset']));
    expect(form.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    const refusal = edit.responses['402'].content['application/json'].schema;
    expect(refusal.required).toContain('code');
    expect(refusal.properties.code.enum).toContain('out_of_credits');
  });

  it('serves the browsable page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
