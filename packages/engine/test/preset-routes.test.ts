import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRESET_IDS, type PresetId } from '@image-lab/contract/catalogue';
import { CapabilityUnavailableError, EngineInputError } from '../src/errors.ts';
import { createLocalProvider } from '../src/local-provider.ts';
import { presetRoute, presetUnavailable } from '../src/preset-routes.ts';
import type { Capability } from '../src/provider.ts';
import { ProviderRegistry } from '../src/registry.ts';
import { serveEdit } from '../src/serve-edit.ts';
import { isLocalPresetId } from '../src/styles/ids.ts';

const local = new ProviderRegistry([createLocalProvider({ threads: 1 })]);
const withRender = { has: (c: Capability) => c === 'render' || local.has(c) };

describe('which capability serves a preset', () => {
  it('is decided for every id of the catalogue, and the local engine has every look', () => {
    for (const preset of PRESET_IDS) {
      const { capability } = presetRoute(preset, local);
      if (capability === 'preset')
        expect({ preset, local: isLocalPresetId(preset) }).toEqual({
          preset,
          local: true,
        });
    }
  });

  it('sends upscales to the upscale model, fast or not', () => {
    expect(presetRoute('upscale-4x-fast', local)).toEqual({
      capability: 'upscale',
      scale: 4,
      method: 'fast',
    });
    expect(presetRoute('upscale-2x', local)).toMatchObject({ scale: 2, method: 'model' });
  });

  it('sends CAD to render to a hosted render model when there is one, else to the local look', () => {
    expect(presetRoute('cad-to-render', local)).toEqual({ capability: 'preset' });
    expect(presetRoute('cad-to-render', withRender).capability).toBe('render');
    expect(presetUnavailable('cad-to-render', local)).toBeUndefined();
  });

  it('says why multiview and the render step cannot run with only the local engine', () => {
    expect(presetUnavailable('multiview', local)).toMatch(/^Multiview needs a hosted image model/);
    expect(presetUnavailable('photoreal-render', local)).toMatch(/^Photorealistic rendering/);
    expect(presetUnavailable('photoreal-render', withRender)).toBeUndefined();
    expect(presetUnavailable('white-bg', local)).toBeUndefined();
  });
});

describe('serveEdit', () => {
  const image = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
  const request = { prompt: '', numImages: 1, aspectRatio: '4:3' as const };

  it('upscales by the preset alone, in one call', async () => {
    const served = await serveEdit(local, {
      ...request,
      image: await image(),
      preset: 'upscale-2x-fast',
    });
    expect(served.provider).toBe('local');
    const { width, height } = await sharp(served.result.images[0]).metadata();
    expect([width, height]).toEqual([80, 60]);
  });

  it('refuses an id outside the catalogue and a hosted-only preset it cannot run', async () => {
    await expect(
      serveEdit(local, { ...request, image: await image(), preset: 'upscale-3x' }),
    ).rejects.toBeInstanceOf(EngineInputError);
    await expect(
      serveEdit(local, {
        ...request,
        image: await image(),
        preset: 'multiview' satisfies PresetId,
      }),
    ).rejects.toBeInstanceOf(CapabilityUnavailableError);
  });
});
