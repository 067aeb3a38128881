import { beforeAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../src/errors.ts';
import { applyPreset } from '../src/presets.ts';
import { transferStyle } from '../src/style-transfer.ts';
import { CAR_PRESETS, STYLE_PRESETS, type LocalPresetId } from '../src/styles/ids.ts';
import {
  colourShare,
  difference,
  fixture,
  measure,
  paletteCoverage,
  synthetic,
  texture,
} from './measure.ts';

let photo: Buffer;
const results = new Map<LocalPresetId, Buffer>();

beforeAll(async () => {
  photo = await fixture('living-room.jpg', 320);
  for (const preset of [...STYLE_PRESETS, ...CAR_PRESETS]) {
    results.set(preset, await applyPreset(photo, preset));
  }
});

const result = (preset: LocalPresetId) => results.get(preset)!;

describe('style and car presets', () => {
  it('keep the size of the image', async () => {
    const source = await measure(photo);
    for (const [preset, image] of results) {
      const { width, height } = await measure(image);
      expect({ preset, width, height }).toEqual({
        preset,
        width: source.width,
        height: source.height,
      });
    }
  });

  it('each differs from the input and from every other preset', async () => {
    const presets = [...results.keys()];
    for (const preset of presets) {
      const change = await difference(result(preset), photo, 128);
      expect({ preset, changed: change > 6 }).toEqual({ preset, changed: true });
    }
    for (let i = 0; i < presets.length; i++) {
      for (let j = i + 1; j < presets.length; j++) {
        const d = await difference(result(presets[i]!), result(presets[j]!), 128);
        expect({ pair: `${presets[i]} / ${presets[j]}`, distinct: d > 6 }).toEqual({
          pair: `${presets[i]} / ${presets[j]}`,
          distinct: true,
        });
      }
    }
  });

  it('sketch is a light, nearly colourless drawing', async () => {
    const sketch = await measure(result('sketch'));
    expect(sketch.saturation).toBeLessThan(0.06);
    expect(sketch.luminance).toBeGreaterThan(180);
  });

  it('pop art uses a handful of flat colours', async () => {
    const poster = await paletteCoverage(result('pop-art'), 6);
    expect(poster).toBeGreaterThan(0.85);
    expect(poster).toBeGreaterThan((await paletteCoverage(photo, 6)) + 0.15);
  });

  it('cinematic adds black bars at the top and bottom', async () => {
    const top = await measure(result('cinematic'), { left: 0, top: 0, width: 1, height: 0.05 });
    const bottom = await measure(result('cinematic'), {
      left: 0,
      top: 0.95,
      width: 1,
      height: 0.05,
    });
    const middle = await measure(result('cinematic'), { left: 0, top: 0.4, width: 1, height: 0.2 });
    expect(top.luminance).toBeLessThan(12);
    expect(bottom.luminance).toBeLessThan(12);
    expect(middle.luminance).toBeGreaterThan(60);
  });

  it('night scene is dark and blue, vintage faded and warm', async () => {
    const source = await measure(photo);
    const night = await measure(result('night-scene'));
    expect(night.luminance).toBeLessThan(source.luminance * 0.6);
    expect(night.blue).toBeGreaterThan(night.red);
    const vintage = await measure(result('vintage'));
    expect(vintage.red / vintage.blue).toBeGreaterThan((source.red / source.blue) * 1.1);
  });

  it('cyberpunk glows in magenta and cyan', async () => {
    const neon = result('cyberpunk');
    const magenta = await colourShare(neon, (r, g, b) => r > g + 40 && b > g + 40);
    const cyan = await colourShare(neon, (r, g, b) => b > r + 40 && g > r + 40);
    expect({ magenta: magenta > 0.15, cyan: cyan > 0.1 }).toEqual({ magenta: true, cyan: true });
    expect((await measure(neon)).saturation).toBeGreaterThan((await measure(photo)).saturation * 3);
  });

  it('clay is smooth and warm, oil paint shows brush strokes', async () => {
    const grain = await texture(photo);
    expect(await texture(result('clay'))).toBeLessThan(grain * 0.7);
    const clay = await measure(result('clay'));
    expect(clay.red).toBeGreaterThan(clay.blue + 10);
    expect(await texture(result('oil-paint'))).toBeGreaterThan(grain * 3);
  });

  it('anime flattens colours into cels, watercolour is lighter and paler', async () => {
    expect(await paletteCoverage(result('anime'), 6)).toBeGreaterThan(
      (await paletteCoverage(photo, 6)) + 0.1,
    );
    const source = await measure(photo);
    const wash = await measure(result('watercolor'));
    expect(wash.luminance).toBeGreaterThan(source.luminance + 15);
    expect(wash.saturation).toBeLessThan(source.saturation);
  });

  it('white-bg lifts a plain background to white and keeps the subject', async () => {
    const studio = await synthetic(
      400,
      300,
      { r: 170, g: 175, b: 185 },
      { r: 180, g: 30, b: 30, size: 140 },
    );
    const white = await applyPreset(studio, 'white-bg');
    const border = await measure(white, { left: 0, top: 0, width: 1, height: 0.1 });
    const centre = await measure(white, { left: 0.45, top: 0.45, width: 0.1, height: 0.1 });
    expect(border.luminance).toBeGreaterThan(240);
    expect(centre.red - centre.green).toBeGreaterThan(100);
  });

  it('four variations are pairwise different, variation 0 is the plain look', async () => {
    for (const preset of ['watercolor', 'sketch', 'night-scene'] as const) {
      const variations = await Promise.all(
        [0, 1, 2, 3].map((variation) => applyPreset(photo, preset, { variation })),
      );
      expect(await difference(variations[0]!, result(preset))).toBe(0);
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          expect(await difference(variations[i]!, variations[j]!)).toBeGreaterThan(4);
        }
      }
    }
  });

  it('refuses unknown presets and style transfer without a reference', async () => {
    await expect(applyPreset(photo, 'nope' as LocalPresetId)).rejects.toBeInstanceOf(
      EngineInputError,
    );
    await expect(applyPreset(photo, 'style-transfer')).rejects.toMatchObject({
      code: 'missing_reference',
    });
  });
});

describe('style transfer', () => {
  it('moves the channel means toward the reference', async () => {
    const target = await fixture('living-room.jpg', 320);
    const reference = await fixture('coffee.png', 320);
    const [before, goal] = [await measure(target), await measure(reference)];
    const after = await measure(await transferStyle(target, reference));
    for (const channel of ['red', 'green', 'blue'] as const) {
      expect(Math.abs(after[channel] - goal[channel])).toBeLessThan(
        Math.abs(before[channel] - goal[channel]) * 0.6,
      );
    }
    const viaPreset = await applyPreset(target, 'style-transfer', { reference });
    expect(await difference(viaPreset, target)).toBeGreaterThan(10);
  });
});
