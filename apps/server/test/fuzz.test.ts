import fc from 'fast-check';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import {
  billingPayments,
  billingSubscriptions,
  creditLedger,
  images,
  jobs,
  projects,
  roomUploads,
  users,
  whiteboards,
} from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { storedFiles } from './image-helpers.ts';
import { actInto } from './project-helpers.ts';
import { uploadRoom } from './rooms-helpers.ts';
import { arbitraryOf, wrong, type JsonSchema } from './fuzz/schema-arbitraries.ts';

// Property-based requests derived from the OpenAPI document (itself made from the zod contract):
// valid-looking and invalid bodies, queries, path parameters and multipart parts, lying
// Content-Type and Content-Length, truncated bodies, from four kinds of client. No 5xx, a JSON
// {message} on every 4xx, and no row or file changed by a refused request. `npm test` runs a
// small fixed-seed budget; `npm run fuzz` runs FUZZ_RUNS (and FUZZ_SEED) as set.
const SEED = Number(process.env.FUZZ_SEED ?? 18_2026);
/** Runs per route: every route gets its share, however many there are. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const SKIP = new Set(['/api/events']);

interface Operation {
  method: string;
  path: string;
  parameters: { in: string; name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
  multipart: boolean;
}

let app: App;
let clients: Record<string, Record<string, string>>;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_SCALE: '1000' });
  const owner = await newSignedInUser(app);
  const grantee = await newSignedInUser(app);
  await actInto(app, owner, grantee, 'read');
  const room = await uploadRoom(app, {});
  clients = {
    'signed out': {},
    'signed in': owner.headers,
    'read-only grantee': grantee.headers,
    guest: { cookie: String(room.headers['set-cookie']).split(';')[0]! },
  };
});
afterAll(() => app.close());

function operations(): Operation[] {
  type Op = {
    parameters?: Operation['parameters'];
    requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
    consumes?: string[];
  };
  const spec = (
    app as unknown as { swagger(): { paths: Record<string, Record<string, Op>> } }
  ).swagger();
  return Object.entries(spec.paths).flatMap(([path, ops]) =>
    SKIP.has(path)
      ? []
      : Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          parameters: op.parameters ?? [],
          body: op.requestBody?.content?.['application/json']?.schema,
          multipart: Boolean(op.requestBody?.content?.['multipart/form-data']),
        })),
  );
}

/** Rows of every table a request can write, and the stored files. */
async function stored() {
  const db = app.database.db;
  const tables = {
    users,
    images,
    projects,
    jobs,
    whiteboards,
    creditLedger,
    roomUploads,
    billingSubscriptions,
    billingPayments,
  };
  const rows: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    rows[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  }
  return { ...rows, files: storedFiles(app).length };
}

/** Percent-encodes like a client would; a lone surrogate goes as its raw (invalid) UTF-8. */
const encodePart = (value: string) =>
  Array.from(value, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
const text = (value: unknown) =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
const MODES = ['json', 'json', 'json', 'lying type', 'truncated', 'wrong length', 'multipart'];

function requestOf(op: Operation) {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    client: fc.constantFrom('signed out', 'signed in', 'read-only grantee', 'guest'),
    params: fc.tuple(...pathParams.map((p) => arbitraryOf(p.schema)), fc.constant(0)),
    query: fc.tuple(
      ...queryParams.map((p) => fc.option(arbitraryOf(p.schema), { nil: undefined })),
      fc.constant(0),
    ),
    body: op.body ? arbitraryOf(op.body) : fc.option(wrong, { nil: undefined }),
    mode: fc.constantFrom(...(op.multipart ? ['multipart', ...MODES] : MODES)),
  });
}

type Generated = ReturnType<typeof requestOf> extends fc.Arbitrary<infer T> ? T : never;

function injection(op: Operation, r: Generated) {
  let url = op.path;
  op.parameters
    .filter((p) => p.in === 'path')
    .forEach((p, i) => {
      url = url.replace(`{${p.name}}`, encodePart(text(r.params[i])) || 'x');
    });
  const query = new URLSearchParams();
  op.parameters
    .filter((p) => p.in === 'query')
    .forEach((p, i) => {
      if (r.query[i] !== undefined) query.set(p.name, text(r.query[i]));
    });
  const headers: Record<string, string> = { ...clients[r.client] };
  const json = JSON.stringify(r.body ?? null);
  let payload: string | FormData | undefined;
  if (op.method !== 'GET' && op.method !== 'DELETE' && r.body !== undefined) {
    if (r.mode === 'multipart') {
      const form = new FormData();
      const fields = r.body && typeof r.body === 'object' ? Object.entries(r.body) : [];
      for (const [k, v] of fields) form.append(k, text(v));
      form.append('image', new Blob([new Uint8Array([0xff, 0xd8, 0x00, 0x01])]), 'x.jpg');
      payload = form;
    } else {
      headers['content-type'] = r.mode === 'lying type' ? 'text/plain' : 'application/json';
      payload = r.mode === 'truncated' ? json.slice(0, Math.floor(json.length / 2)) : json;
      if (r.mode === 'wrong length') headers['content-length'] = String(json.length + 7);
      if (r.mode === 'lying type') headers['content-type'] = 'image/png';
    }
  }
  return {
    method: op.method as 'GET',
    url: `${url}${query.size ? `?${query}` : ''}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

describe(`fuzzing every route of the OpenAPI document (seed ${SEED}, ${RUNS} runs a route)`, () => {
  it('answers no 5xx, a JSON message on every 4xx, and changes nothing when it refuses', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(50);
    for (const [index, op] of ops.entries()) {
      await fc.assert(
        fc.asyncProperty(requestOf(op), async (r) => {
          const request = injection(op, r);
          const before = await stored();
          const res = await app.inject(request).catch((error: unknown) => {
            // light-my-request itself refuses a Content-Length that does not match.
            if (r.mode === 'wrong length') return undefined;
            throw error;
          });
          if (!res) return;
          const where = `${r.client} ${request.method} ${request.url} (${r.mode})`;
          expect(res.statusCode, `${where} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const type = String(res.headers['content-type'] ?? '');
            expect(type, where).toContain('application/json');
            expect(typeof res.json().message, where).toBe('string');
            expect(await stored(), `${where} changed something`).toEqual(before);
          }
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
    }
  }, 600_000);
});
