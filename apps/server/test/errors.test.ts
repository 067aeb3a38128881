import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { AppError } from '../src/platform/errors.ts';
import { testConfig, testDatabase } from './helper.ts';

let app: App;

const probeRoutes: FastifyPluginAsyncZod = async (probe) => {
  probe.post(
    '/api/test/echo',
    { schema: { body: z.object({ email: z.email(), count: z.number().int().max(4) }) } },
    async (request) => request.body,
  );
  probe.get('/api/test/crash', async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
  probe.get('/api/test/app-error', async () => {
    throw new AppError(402, 'out_of_credits', 'Out of Credits');
  });
};

beforeAll(async () => {
  app = await buildApp({
    config: testConfig(),
    database: await testDatabase(),
    logger: false,
  });
  await app.register(probeRoutes);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('the one error handler', () => {
  it('answers a schema violation with 400, a readable message and the issues', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', count: 9 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toMatch(/^email: /);
    expect(body.issues.map((i: { path: string[] }) => i.path.join('.'))).toEqual([
      'email',
      'count',
    ]);
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers an oversized body with 413 JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers an unsupported content type with 415 JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-weird' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('passes an AppError through with its status, code and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Out of Credits', code: 'out_of_credits' });
  });

  it('never leaks internals on a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    expect(res.body).not.toContain('hunter2');
  });
});
