import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';
import { difference, fetchStored, smallPhoto, upload } from './image-helpers.ts';
import { caller, actInto, uploadImage, type Person } from './project-helpers.ts';

let app: App;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  app = await buildTestApp();
  call = caller(app);
});
afterAll(() => app.close());

const creditsOf = async (who: Person) =>
  (await call(who, 'GET', '/api/user/stats')).json().creditsRemaining as number;

/** An upload edited twice (a typed prompt, then a preset): the branch a recipe is saved from. */
async function editedTwice(who: Person) {
  const original = await uploadImage(app, who);
  const first = await call(who, 'POST', '/api/edit-image', {
    imageUrl: original.imageUrl,
    prompt: 'make it brighter',
  });
  expect(first.statusCode, first.body).toBe(200);
  const second = await call(who, 'POST', '/api/edit-image', {
    imageUrl: first.json().editedImageUrl,
    preset: 'vintage',
  });
  expect(second.statusCode, second.body).toBe(200);
  return second.json().images[0] as { id: string; imageUrl: string };
}

describe('recipes (issue 22, item 2)', () => {
  it('saves a branch’s prompt and preset and repeats them on another image, 1 credit a step', async () => {
    const owner = await newSignedInUser(app);
    await setCredits(app, owner.user.id, 10);
    const last = await editedTwice(owner);
    const saved = await call(owner, 'POST', '/api/recipes', {
      name: 'Warm vintage',
      imageId: last.id,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({
      recipe: {
        name: 'Warm vintage',
        steps: [
          { kind: 'prompt', prompt: 'make it brighter' },
          { kind: 'preset', preset: 'vintage' },
        ],
        credits: 2,
      },
      leftOut: [],
    });
    const listed = (await call(owner, 'GET', '/api/recipes')).json().recipes;
    expect(listed.map((r: { name: string }) => r.name)).toEqual(['Warm vintage']);

    const other = await upload(app, owner.headers, await smallPhoto('bedroom.jpg', 320));
    const before = await creditsOf(owner);
    const applied = await call(owner, 'POST', `/api/recipes/${saved.json().recipe.id}/apply`, {
      imageUrl: other.json().imageUrl,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const body = applied.json();
    expect(body.steps.map((s: { done: boolean }) => s.done)).toEqual([true, true]);
    expect(body.creditsUsed).toBe(2);
    expect(await creditsOf(owner)).toBe(before - 2);
    // A chain in the history: the bedroom → brighter → vintage, each result a real picture.
    const [brighter, vintage] = body.steps.map((s: { image: { id: string } }) => s.image);
    expect(brighter.parentImageUrl).toBe(other.json().imageUrl);
    expect(vintage.parentImageUrl).toBe(brighter.imageUrl);
    expect(vintage.originalImageUrl).toBe(other.json().imageUrl);
    expect(body.editedImageUrl).toBe(vintage.imageUrl);
    const bedroom = await fetchStored(app, other.json().imageUrl, owner.headers);
    const result = await fetchStored(app, vintage.imageUrl, owner.headers);
    expect(await difference(bedroom, result)).toBeGreaterThan(5);
  });

  it('stops at a step that cannot be done, charges only what was done', async () => {
    const owner = await newSignedInUser(app);
    await setCredits(app, owner.user.id, 10);
    const original = await uploadImage(app, owner);
    const sofa = await call(owner, 'POST', '/api/edit-image', {
      imageUrl: original.imageUrl,
      prompt: 'make the sofa blue',
    });
    expect(sofa.statusCode, sofa.body).toBe(200);
    const brighter = await call(owner, 'POST', '/api/edit-image', {
      imageUrl: sofa.json().editedImageUrl,
      preset: 'brighten',
    });
    const recipe = (
      await call(owner, 'POST', '/api/recipes', {
        name: 'Blue sofa',
        imageId: brighter.json().images[0].id,
      })
    ).json().recipe;
    // The bedroom has no sofa: the first step is not done, the second never runs, nothing is charged.
    const bedroom = await upload(app, owner.headers, await smallPhoto('bedroom.jpg', 240));
    const credits = await creditsOf(owner);
    const res = await call(owner, 'POST', `/api/recipes/${recipe.id}/apply`, {
      imageUrl: bedroom.json().imageUrl,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().steps).toHaveLength(1);
    expect(res.json().steps[0]).toMatchObject({ done: false });
    expect(res.json().steps[0].message).toBeTruthy();
    expect(res.json().creditsUsed).toBe(0);
    expect(res.json().editedImageUrl).toBeUndefined();
    expect(await creditsOf(owner)).toBe(credits);
  });

  it('refuses before running when the credits do not cover every step', async () => {
    const owner = await newSignedInUser(app);
    await setCredits(app, owner.user.id, 10);
    const last = await editedTwice(owner);
    const recipe = (
      await call(owner, 'POST', '/api/recipes', { name: 'Two', imageId: last.id })
    ).json().recipe;
    await setCredits(app, owner.user.id, 1);
    const res = await call(owner, 'POST', `/api/recipes/${recipe.id}/apply`, {
      imageUrl: last.imageUrl,
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('This recipe needs 2 credits for 2 steps.');
    expect(await creditsOf(owner)).toBe(1);
  });

  it('is the account’s: shared people list it, read-only ones cannot run it, strangers never see it', async () => {
    const owner = await newSignedInUser(app);
    await setCredits(app, owner.user.id, 10);
    const last = await editedTwice(owner);
    const recipe = (
      await call(owner, 'POST', '/api/recipes', { name: 'Ours', imageId: last.id })
    ).json().recipe;
    const reader = await newSignedInUser(app);
    await actInto(app, owner, reader, 'read');
    expect((await call(reader, 'GET', '/api/recipes')).json().recipes[0].id).toBe(recipe.id);
    const run = await call(reader, 'POST', `/api/recipes/${recipe.id}/apply`, {
      imageUrl: last.imageUrl,
    });
    expect(run.statusCode).toBe(403);
    const stranger = await newSignedInUser(app);
    expect((await call(stranger, 'GET', '/api/recipes')).json().recipes).toEqual([]);
    const theirs = await uploadImage(app, stranger);
    const stolen = await call(stranger, 'POST', `/api/recipes/${recipe.id}/apply`, {
      imageUrl: theirs.imageUrl,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/recipes/${recipe.id}`)).statusCode).toBe(404);
    expect(
      (await call(stranger, 'POST', '/api/recipes', { name: 'Mine', imageId: last.id })).statusCode,
    ).toBe(404);
    expect((await call(owner, 'DELETE', `/api/recipes/${recipe.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/api/recipes')).json().recipes).toEqual([]);
  });

  it('answers bad input with a clear 4xx and stores nothing', async () => {
    const owner = await newSignedInUser(app);
    const original = await uploadImage(app, owner);
    for (const [body, status] of [
      [{ name: 'Only upload', imageId: original.id }, 422],
      [{ name: 'a\u0000b', imageId: original.id }, 400],
      [{ name: 'x'.repeat(41), imageId: original.id }, 400],
      [{ name: '   ', imageId: original.id }, 400],
      [{ name: 'Fine', imageId: 'not-a-uuid' }, 400],
      [{ name: 'Fine', imageId: '00000000-0000-4000-8000-000000000000' }, 404],
      [{ name: '\ud800', imageId: original.id }, 400],
    ] as const) {
      const res = await call(owner, 'POST', '/api/recipes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBeTruthy();
    }
    expect((await call(owner, 'GET', '/api/recipes')).json().recipes).toEqual([]);
    expect(
      (await call(owner, 'POST', '/api/recipes/nope/apply', { imageUrl: 'x' })).statusCode,
    ).toBe(400);
    expect((await call(null, 'GET', '/api/recipes')).statusCode).toBe(401);
  });
});
