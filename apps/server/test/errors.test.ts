import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeOfStatus, isErrorCode, knownCodeOr } from '@image-lab/contract';
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
    expect(body.code).toBe('validation_failed');
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
    expect(res.json()).toMatchObject({ message: expect.any(String), code: 'bad_request' });
  });

  it('answers an oversized body with 413 JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: 'payload_too_large' });
  });

  it('answers an unsupported content type with 415 JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-weird' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('passes an AppError through with its status, code and message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Out of Credits', code: 'out_of_credits' });
  });

  it('never leaks internals on a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'internal_error' });
    expect(res.body).not.toContain('hunter2');
  });

  it('gives an unknown route its code', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('error codes', () => {
  it('every status has a code of the contract, and codes read back from data stay known', () => {
    for (const status of [400, 401, 402, 403, 404, 409, 413, 415, 418, 422, 429, 500, 502, 599]) {
      expect(isErrorCode(codeOfStatus(status))).toBe(true);
    }
    expect(codeOfStatus(418)).toBe('bad_request');
    expect(codeOfStatus(599)).toBe('internal_error');
    expect(knownCodeOr('out_of_credits', 402)).toBe('out_of_credits');
    expect(knownCodeOr('something_else', 409)).toBe('conflict');
    expect(knownCodeOr(undefined, 500)).toBe('internal_error');
  });
});
