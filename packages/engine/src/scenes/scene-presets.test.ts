import { describe, expect, it } from 'vitest';
import type { RawImage } from '../raw-image.ts';
import { variationParams } from '../variations.ts';
import { renderSubjectPreset, SUBJECT_PRESETS, type SubjectPreset } from './scene-presets.ts';

// Each scene must look like what its name promises, in every variation: a test that only checks
// "the pixels differ" passed with sunset and forest swapped.

const W = 480;
const H = 320;
const CAR = { left: 140, right: 340, top: 150, bottom: 250 };

/** A red "car" on a grey street, and its matte (what the background-removal model gives). */
function carPhoto(): { image: RawImage; matte: Buffer } {
  const data = Buffer.alloc(W * H * 3);
  const matte = Buffer.alloc(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const car = x > CAR.left && x < CAR.right && y > CAR.top && y < CAR.bottom;
      data.set(car ? [200, 30, 30] : [128, 128, 128], p * 3);
      matte[p] = car ? 255 : 0;
    }
  return { image: { data, width: W, height: H }, matte };
}

interface Band {
  red: number;
  green: number;
  blue: number;
  luminance: number;
  /** Standard deviation of the luminance: the band's contrast. */
  contrast: number;
  /** Mean HSV saturation, 0..1. */
  saturation: number;
}

/** The backdrop between two heights (fractions), leaving out the car and its shadow. */
function band(image: RawImage, from: number, to: number): Band {
  let n = 0;
  let red = 0;
  let green = 0;
  let blue = 0;
  let sum = 0;
  let squares = 0;
  let saturation = 0;
  for (let y = Math.floor(from * H); y < to * H; y++)
    for (let x = 0; x < W; x++) {
      if (x > CAR.left - 20 && x < CAR.right + 20 && y > CAR.top - 20 && y < CAR.bottom + 20)
        continue;
      const i = (y * W + x) * 3;
      const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
      const l = 0.299 * r + 0.587 * g + 0.114 * b;
      red += r;
      green += g;
      blue += b;
      sum += l;
      squares += l * l;
      const max = Math.max(r, g, b);
      saturation += max ? (max - Math.min(r, g, b)) / max : 0;
      n++;
    }
  const luminance = sum / n;
  return {
    red: red / n,
    green: green / n,
    blue: blue / n,
    luminance,
    contrast: Math.sqrt(Math.max(0, squares / n - luminance * luminance)),
    saturation: saturation / n,
  };
}

const sky = (image: RawImage) => band(image, 0, 0.3);
const horizon = (image: RawImage) => band(image, 0.3, 0.6);
const ground = (image: RawImage) => band(image, 0.8, 1);
const blueSky = (b: Band) => b.blue > b.red + 60 && b.blue > b.green;

/** A light, neutral studio: a grey back wall (not paper white) and a lighter floor. */
const studio = (i: RawImage) =>
  [sky(i), ground(i)].every((b) => b.luminance > 200 && b.saturation < 0.05) &&
  sky(i).luminance < 245 &&
  ground(i).luminance > sky(i).luminance;

/** What each scene must look like, in words and in numbers. */
const LOOKS: Record<SubjectPreset, (image: RawImage) => boolean> = {
  'white-bg': (i) => sky(i).luminance > 250 && ground(i).luminance > 250,
  // Blue sky above, light warm sand below.
  beach: (i) => blueSky(sky(i)) && ground(i).red > ground(i).blue + 40 && ground(i).luminance > 180,
  // A warm orange glow at the horizon (red over green over blue), dusk above, a dark road.
  sunset: (i) => {
    const glow = horizon(i);
    return (
      glow.red > glow.green + 40 &&
      glow.green > glow.blue - 25 &&
      glow.red - glow.blue > 80 &&
      sky(i).luminance < 110 &&
      ground(i).luminance < 80
    );
  },
  // Light, grey and low in contrast: no colour anywhere, a pale flat sky.
  fog: (i) =>
    [sky(i), horizon(i), ground(i)].every((b) => b.saturation < 0.1) &&
    sky(i).luminance > 180 &&
    sky(i).contrast < 10 &&
    // The distance fades into the fog: the road near the camera is darker than the sky.
    ground(i).luminance < sky(i).luminance - 40,
  // Green trees at the horizon, brown forest floor.
  forest: (i) => {
    const trees = horizon(i);
    return (
      trees.green > trees.red + 15 &&
      trees.green > trees.blue &&
      ground(i).red > ground(i).blue + 20
    );
  },
  // Warm, light sand dunes under a blue sky.
  desert: (i) => {
    const sand = ground(i);
    return (
      blueSky(sky(i)) &&
      sand.red > sand.green &&
      sand.green > sand.blue &&
      sand.red - sand.blue > 70 &&
      sand.luminance > 140
    );
  },
  // Blue sky over a dark grey asphalt road.
  'ca-highway': (i) => blueSky(sky(i)) && ground(i).saturation < 0.08 && ground(i).luminance < 110,
  // Blue sky over a mid-grey car park.
  'beach-lot': (i) =>
    blueSky(sky(i)) &&
    ground(i).saturation < 0.05 &&
    ground(i).luminance > 110 &&
    ground(i).luminance < 170,
  // Dark everywhere, and blue rather than red.
  'night-scene': (i) =>
    [sky(i), horizon(i), ground(i)].every((b) => b.luminance < 40 && b.blue > b.red),
  'clay-to-render': (i) => studio(i),
  'cad-to-render': (i) => studio(i),
};

describe('subject scenes look like their names', () => {
  const { image, matte } = carPhoto();
  for (const preset of SUBJECT_PRESETS) {
    it(`${preset}, in all four variations`, async () => {
      for (const variation of [0, 1, 2, 3]) {
        const { image: out, noSubject } = await renderSubjectPreset(
          image,
          matte,
          preset,
          variationParams(variation),
        );
        expect(noSubject).toBe(false);
        const seen = { sky: sky(out), horizon: horizon(out), ground: ground(out) };
        expect({ preset, variation, looks: LOOKS[preset](out), seen }).toMatchObject({
          preset,
          variation,
          looks: true,
        });
      }
    });
  }

  it('tells the scenes apart: no scene passes another scene’s look', async () => {
    const rendered = new Map<SubjectPreset, RawImage>();
    for (const preset of SUBJECT_PRESETS)
      rendered.set(
        preset,
        (await renderSubjectPreset(image, matte, preset, variationParams(0))).image,
      );
    const studio = new Set<SubjectPreset>(['clay-to-render', 'cad-to-render']);
    for (const [preset, out] of rendered)
      for (const other of SUBJECT_PRESETS) {
        if (other === preset || (studio.has(other) && studio.has(preset))) continue;
        expect({ preset, passes: other, looks: LOOKS[other](out) }).toEqual({
          preset,
          passes: other,
          looks: false,
        });
      }
  });

  it('refuses a see-through matte: the look goes on the whole photo, no ghost on a backdrop', async () => {
    // What the model gives a motion-blurred close-up: the car half there everywhere.
    const ghost = Buffer.from(matte.map((v) => (v ? 150 : 60)));
    for (const preset of ['sunset', 'white-bg'] as const) {
      const { image: out, noSubject } = await renderSubjectPreset(
        image,
        ghost,
        preset,
        variationParams(0),
      );
      expect({ preset, noSubject }).toEqual({ preset, noSubject: true });
      // The street is still the photo's grey street, graded, not a painted sky.
      expect(Math.abs(sky(out).red - sky(out).blue)).toBeLessThan(60);
    }
  });

  it('keeps the car red in daylight scenes', async () => {
    for (const preset of ['beach', 'desert', 'ca-highway', 'beach-lot', 'forest'] as const) {
      const { image: out } = await renderSubjectPreset(image, matte, preset, variationParams(0));
      const i = (200 * W + 240) * 3;
      expect({ preset, red: out.data[i]! - out.data[i + 1]! > 60 }).toEqual({ preset, red: true });
    }
  });
});
