import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { registerUser, withSession } from './auth-helpers.ts';

let app: App;
let base: string;

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

/** Reads the stream until `predicate` holds for what has arrived, or fails after 3 s. */
async function readUntil(body: ReadableStream<Uint8Array>, predicate: (text: string) => boolean) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 3000;
  while (!predicate(text)) {
    if (Date.now() > deadline) throw new Error(`stream so far:\n${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  reader.releaseLock();
  return text;
}

describe('GET /api/events', () => {
  it('streams the events of the signed-in account, and only those', async () => {
    const me = await registerUser(app);
    const other = await registerUser(app);
    const meId = (
      await app.inject({ url: '/api/auth/user', headers: withSession(me.cookie) })
    ).json().id;
    const otherId = (
      await app.inject({ url: '/api/auth/user', headers: withSession(other.cookie) })
    ).json().id;

    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, {
      headers: withSession(me.cookie),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await readUntil(res.body!, (t) => t.includes('retry: 3000'));

    await app.events.publish(otherId, { type: 'images-updated', data: { secret: true } });
    await app.events.publish(meId, { type: 'credits-changed', data: { creditsRemaining: 42 } });
    const text = await readUntil(res.body!, (t) => t.includes('credits-changed'));
    expect(text).toContain('event: credits-changed\ndata: {"creditsRemaining":42}\n\n');
    expect(text).not.toContain('secret');
    controller.abort();
  });

  it('answers 401 JSON when signed out', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Unauthorized' });
  });
});

describe('shutdown with an open stream', () => {
  it('ends the stream instead of waiting for it', async () => {
    const own = await buildTestApp();
    await own.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(own.server.address() as AddressInfo).port}`;
    const { cookie } = await registerUser(own);
    const res = await fetch(`${url}/api/events`, { headers: withSession(cookie) });
    await readUntil(res.body!, (t) => t.includes('retry'));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
