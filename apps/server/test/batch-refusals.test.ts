import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { batches, jobs, projects } from '../src/db/schema/index.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { caller } from './project-helpers.ts';
import { expectCredits, uploads } from './batch-helpers.ts';

// Every refusal of POST /api/batches comes before anything is taken: no credit, row or job.
let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(() => app.close());

async function person(credits: number) {
  const who = await newSignedInUser(app);
  await setCredits(app, who.user.id, credits);
  return who;
}

describe('a batch refuses bad requests before taking anything', () => {
  it('answers 4xx with a code, and leaves credits, rows and files as they were', async () => {
    const who = await person(3);
    const other = await person(3);
    const ids = await uploads(app, who, 2);
    const [foreign] = await uploads(app, other, 1);
    const rows = async () => ({
      batches: (await app.database.db.select({ n: count() }).from(batches))[0]!.n,
      projects: (
        await app.database.db
          .select({ n: count() })
          .from(projects)
          .where(eq(projects.accountId, who.user.id))
      )[0]!.n,
      jobs: (
        await app.database.db
          .select({ n: count() })
          .from(jobs)
          .where(and(eq(jobs.accountId, who.user.id)))
      )[0]!.n,
    });
    const before = await rows();
    const preset = { kind: 'preset', preset: 'vintage' };
    const cases: [object, number, string][] = [
      [{ imageIds: [], operation: preset }, 400, 'no_images'],
      [{ operation: preset }, 400, 'no_images'],
      [
        { imageIds: Array.from({ length: 101 }, () => crypto.randomUUID()), operation: preset },
        400,
        'too_many_images',
      ],
      [{ imageIds: [ids[0], foreign], operation: preset }, 404, 'not_found'],
      [{ imageIds: ids, operation: { kind: 'preset', preset: 'nope' } }, 400, 'unknown_preset'],
      [
        { imageIds: ids, operation: { kind: 'preset', preset: 'style-transfer' } },
        400,
        'no_reference',
      ],
      [{ imageIds: ids, operation: { kind: 'prompt', prompt: '' } }, 400, 'validation_failed'],
      [
        { imageIds: ids, operation: { kind: 'recipe', recipeId: crypto.randomUUID() } },
        404,
        'not_found',
      ],
      [
        {
          imageIds: ids,
          operation: preset,
          project: { kind: 'existing', id: crypto.randomUUID() },
        },
        404,
        'not_found',
      ],
      // Three images of two steps... here: four images at 1 credit with 3 left.
      [
        {
          imageIds: [...ids, ...(await uploads(app, who, 2))],
          operation: preset,
          project: { kind: 'new', name: 'Never' },
        },
        402,
        'out_of_credits',
      ],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(who, 'POST', '/api/batches', body);
      expect(`${res.statusCode} ${res.json().code}`, JSON.stringify(body).slice(0, 80)).toBe(
        `${status} ${code}`,
      );
      expect(typeof res.json().message).toBe('string');
    }
    await expectCredits(app, who.user.id, 3);
    expect(await rows()).toEqual(before);
  });
});
