import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { isErrorCode } from '@image-lab/contract';
import type { App } from '../src/app.ts';
import {
  batches,
  billingPayments,
  billingSubscriptions,
  images,
  jobs,
  projects,
  roomSegments,
  roomUploads,
} from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { storedFiles } from './image-helpers.ts';

// Every route in the OpenAPI document gets malformed, wrongly typed, oversized and unauthorised
// requests: none may answer 5xx, every JSON refusal carries a message and one of the contract's
// error codes, and nothing is stored.
let app: App;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_SCALE: '1000' });
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Streams that stay open (SSE) and sign-in redirects to other sites are not request/answer. */
const SKIP = new Set(['/api/events']);

function routes(): { method: Method; path: string }[] {
  const spec = (app as unknown as { swagger(): { paths: Record<string, object> } }).swagger();
  return Object.entries(spec.paths).flatMap(([path, ops]) =>
    SKIP.has(path)
      ? []
      : Object.keys(ops).map((m) => ({ method: m.toUpperCase() as Method, path })),
  );
}

const PARAMS = ['x', crypto.randomUUID(), '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(3000), '%00'];
const BODIES: (string | object | undefined)[] = [
  undefined,
  '{',
  '[]',
  'null',
  { id: 5, ids: 'all', name: { a: 1 }, images: 'x', imageUrl: 42, prompt: ['x'] },
  { imageUrl: 'http://169.254.169.254/latest/meta-data', prompt: 'x', ids: ['not-a-uuid'] },
  { name: 'n'.repeat(100_000), document: { items: 'x' }, version: -1 },
];

async function sweep(headers: Record<string, string>) {
  const failures: string[] = [];
  for (const { method, path } of routes()) {
    for (const param of PARAMS) {
      const url = path.replace(/\{[^}]+\}/g, param);
      const bodies = method === 'GET' || method === 'DELETE' ? [undefined] : BODIES;
      for (const body of bodies) {
        const res = await app.inject({
          method,
          url: `${url}?cursor=%%%&limit=-1&days=abc&url=file:///etc/passwd&w=99999`,
          headers: {
            ...headers,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined
            ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
            : {}),
        });
        const label = `${method} ${url.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 60)}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}`);
        const json = (res.headers['content-type'] ?? '').toString().includes('json');
        if (res.statusCode >= 400 && json && typeof res.json().message !== 'string') {
          failures.push(`no message: ${res.statusCode} ${label}`);
        }
        if (res.statusCode >= 400 && json && !isErrorCode(res.json().code)) {
          failures.push(`unknown code ${res.json().code}: ${res.statusCode} ${label}`);
        }
      }
    }
  }
  return failures;
}

/** Rows of every table a request can write, and the stored files. */
async function stored() {
  const db = app.database.db;
  const tables = {
    batches,
    images,
    projects,
    jobs,
    roomUploads,
    roomSegments,
    billingSubscriptions,
    billingPayments,
  };
  const rows: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    rows[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  }
  return { ...rows, files: (await storedFiles(app)).length };
}

describe('every route refuses bad input cleanly', () => {
  it('signed out and signed in: no 5xx, a message and a known code on every JSON refusal, nothing stored', async () => {
    const before = await stored();
    const { headers } = await newSignedInUser(app);
    const failures = [...(await sweep({})), ...(await sweep(headers))];
    expect(failures).toEqual([]);
    expect(await stored()).toEqual(before);
  }, 180_000);
});
