import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../src/errors.ts';
import { createLocalProvider } from '../src/local-provider.ts';
import type { Provider } from '../src/provider.ts';
import { ProviderRegistry } from '../src/registry.ts';
import { difference, fixture, measure } from './measure.ts';

const local = createLocalProvider({ threads: 2 });
let photo: Buffer;

beforeAll(async () => {
  photo = await fixture('living-room.jpg', 320);
});

describe('local provider: edit', () => {
  it('applies what it can and lists the rest', async () => {
    const result = await local.edit!({
      image: photo,
      prompt: 'Brighter and add a dog',
      numImages: 1,
    });
    expect(result.images).toHaveLength(1);
    expect(result.applied).toEqual(['Brightness +30%']);
    expect(result.unsupported).toEqual(['add a dog']);
    expect((await measure(result.images[0]!)).luminance).toBeGreaterThan(
      (await measure(photo)).luminance + 10,
    );
  });

  it('refuses a prompt with nothing it can do, naming the parts', async () => {
    const attempt = local.edit!({ image: photo, prompt: 'add a dog', numImages: 1 });
    await expect(attempt).rejects.toBeInstanceOf(EngineInputError);
    await expect(attempt).rejects.toMatchObject({
      code: 'nothing_to_do',
      message: 'Could not do locally: add a dog',
    });
  });

  it('gives four pairwise different variations', async () => {
    const progress: number[] = [];
    const result = await local.edit!({
      image: photo,
      prompt: 'rotate 90',
      numImages: 4,
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result.images).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      expect((await sharp(result.images[i]!).metadata()).width).toBe(
        (await sharp(photo).metadata()).height,
      );
      for (let j = i + 1; j < 4; j++) {
        expect(await difference(result.images[i]!, result.images[j]!)).toBeGreaterThan(4);
      }
    }
    expect(progress).toEqual([0.25, 0.5, 0.75, 1]);
  });

  it('takes a preset name or id as the prompt', async () => {
    const byName = await local.edit!({ image: photo, prompt: 'Watercolor', numImages: 1 });
    const byPreset = await local.preset!({ image: photo, preset: 'watercolor', numImages: 1 });
    expect(await difference(byName.images[0]!, byPreset.images[0]!)).toBe(0);
    const byId = await local.edit!({ image: photo, prompt: 'night-scene', numImages: 1 });
    expect(byId.applied[0]).toMatch(/Night Scene/);
    // Three whole edits (6 s alone): room for a loaded machine.
  }, 90_000);

  it('matches colours to a reference image', async () => {
    const reference = await fixture('coffee.png', 200);
    const result = await local.edit!({ image: photo, prompt: 'sharpen', numImages: 1, reference });
    expect(result.applied[0]).toMatch(/reference/);
    expect(await difference(result.images[0]!, photo)).toBeGreaterThan(10);
  });

  it('runs style transfer when the prompt asks for it', async () => {
    const reference = await fixture('coffee.png', 200);
    const result = await local.edit!({
      image: photo,
      prompt: 'Style transfer',
      numImages: 1,
      reference,
    });
    expect(result.applied[0]).toMatch(/Style Transfer/);
    await expect(
      local.edit!({ image: photo, prompt: 'style transfer', numImages: 1 }),
    ).rejects.toMatchObject({
      code: 'missing_reference',
    });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      local.edit!({ image: photo, prompt: 'brighter', numImages: 2, signal: controller.signal }),
    ).rejects.toThrow();
  });
});

describe('local provider: preset, generate, analyze, enhance', () => {
  it('runs presets with variations and refuses unknown ones', async () => {
    // (Scene presets run the background-removal model: test/local-models.test.ts.)
    const result = await local.preset!({ image: photo, preset: 'car-cyberpunk', numImages: 2 });
    expect(result.images).toHaveLength(2);
    expect(await difference(result.images[0]!, result.images[1]!)).toBeGreaterThan(3);
    await expect(
      local.preset!({ image: photo, preset: 'nope', numImages: 1 }),
    ).rejects.toMatchObject({
      code: 'unknown_preset',
    });
    await expect(
      local.preset!({ image: photo, preset: 'style-transfer', numImages: 1 }),
    ).rejects.toMatchObject({ code: 'missing_reference' });
  });

  it('generates abstract images and says it did not depict the prompt', async () => {
    const result = await local.generate!({
      prompt: 'a blue sea',
      numImages: 2,
      aspectRatio: '1:1',
    });
    expect(result.images).toHaveLength(2);
    expect(await difference(result.images[0]!, result.images[1]!)).toBeGreaterThan(5);
    expect(result.unsupported).toEqual(['a blue sea']);
  });

  it('analyses and enhances', async () => {
    expect((await local.analyze!(photo)).category).toBe('room');
    expect((await local.analyze!(photo, ['car'])).category).toBe('car');
    expect(await local.enhancePrompt!('brighter')).toMatch(/^Brighter \(/);
  });
});

describe('ProviderRegistry', () => {
  const hosted: Provider = {
    id: 'hosted',
    capabilities: new Set(['edit', 'generate', 'render']),
  };

  it('uses the first provider that can, unless a choice pins one', () => {
    const registry = new ProviderRegistry([local, hosted]);
    expect(registry.for('edit')?.id).toBe('local');
    expect(registry.for('render')?.id).toBe('hosted');
    expect(registry.has('multiview')).toBe(false);
    const pinned = new ProviderRegistry([local, hosted], { edit: 'hosted' });
    expect(pinned.for('edit')?.id).toBe('hosted');
    expect(pinned.for('generate')?.id).toBe('local');
  });

  it('describes every capability', () => {
    const described = new ProviderRegistry([local]).describe();
    expect(described).toHaveLength(14);
    expect(described).toContainEqual({ capability: 'video', provider: 'local' });
    expect(described).toContainEqual({ capability: 'preset', provider: 'local' });
    expect(described).toContainEqual({ capability: 'removeBackground', provider: 'local' });
  });

  it('fails at construction on a bad choice', () => {
    expect(() => new ProviderRegistry([local], { edit: 'openai' })).toThrow(/No provider/);
    expect(() => new ProviderRegistry([local], { multiview: 'local' })).toThrow(/cannot multiview/);
  });
});
