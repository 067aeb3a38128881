import { describe, expect, it } from 'vitest';
import { rgbToLab } from '../colour.ts';
import {
  applyInMask,
  blendByMask,
  blurWithin,
  featherMask,
  recolour,
} from '../operations/masked.ts';
import type { RawImage } from '../raw-image.ts';
import { blendAtEdges, edgeAwareMask } from './edge-aware.ts';
import type { Mask } from './mask.ts';

const WIDTH = 160;
const HEIGHT = 120;
const SKY: readonly number[] = [38, 64, 104];
const STEEL: readonly number[] = [70, 52, 40];
const ROCKET: readonly number[] = [225, 222, 215];

/**
 * A dusk sky with a lattice of thin dark bars (one to two pixels, anti-aliased: their edge
 * pixels are part bar, part sky) and a white rocket: `sky` is how much of each pixel is sky.
 */
function lattice(): { image: RawImage; sky: Float32Array } {
  const sky = new Float32Array(WIDTH * HEIGHT).fill(1);
  const cover = (x: number, y: number, amount: number) => {
    const p = y * WIDTH + x;
    sky[p] = Math.max(0, sky[p]! - amount);
  };
  for (let y = 0; y < HEIGHT; y++) {
    // Two legs 1.5 px wide at fractional positions, a diagonal brace between them.
    for (const leg of [30.4, 60.7]) {
      for (let x = Math.floor(leg); x <= Math.ceil(leg + 1.5); x++) {
        const overlap = Math.min(x + 1, leg + 1.5) - Math.max(x, leg);
        if (overlap > 0) cover(x, y, overlap);
      }
    }
    const brace = 30.4 + ((y % 40) / 40) * 30.3;
    cover(Math.floor(brace), y, 1 - (brace % 1));
    cover(Math.floor(brace) + 1, y, brace % 1);
  }
  const data = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const p = y * WIDTH + x;
      // The rocket: x 100.5–120.5, with half-covered pixels at both sides.
      const rocket = Math.max(0, Math.min(x + 1, 120.5) - Math.max(x, 100.5));
      if (rocket > 0) sky[p] = Math.min(sky[p]!, 1 - rocket);
      const s = sky[p]!;
      const front = rocket > 0 ? ROCKET : STEEL;
      // A little noise, as a photo has.
      const noise = ((x * 7 + y * 13) % 5) - 2;
      for (let c = 0; c < 3; c++)
        data[p * 3 + c] = Math.round(s * SKY[c]! + (1 - s) * front[c]! + noise);
    }
  return { image: { width: WIDTH, height: HEIGHT, data }, sky };
}

/** The sky's mask as a coarse source gives it: every pixel at least half sky, hard-edged. */
function hardSky(sky: Float32Array): Mask {
  return {
    width: WIDTH,
    height: HEIGHT,
    data: Uint8Array.from(sky, (s) => (s >= 0.5 ? 255 : 0)),
  };
}

function deltaE(a: RawImage, b: RawImage, p: number): number {
  const la = [0, 0, 0];
  const lb = [0, 0, 0];
  rgbToLab(a.data[p * 3]!, a.data[p * 3 + 1]!, a.data[p * 3 + 2]!, la);
  rgbToLab(b.data[p * 3]!, b.data[p * 3 + 1]!, b.data[p * 3 + 2]!, lb);
  return Math.hypot(la[0]! - lb[0]!, la[1]! - lb[1]!, la[2]! - lb[2]!);
}

/** Mean ΔE over the pixels `where` selects. */
function meanDeltaE(a: RawImage, b: RawImage, where: (p: number) => boolean): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < a.width * a.height; p++) {
    if (!where(p)) continue;
    sum += deltaE(a, b, p);
    n++;
  }
  return sum / n;
}

const ORANGE: [number, number, number] = [242, 140, 40];

describe('edges that follow the picture', () => {
  it('recolours the sky around thin bars and a rocket without touching them', async () => {
    const { image, sky } = lattice();
    const mask = hardSky(sky);
    // The new sky painted everywhere, as a sky look paints its part of the picture.
    const everywhere = { ...mask, data: new Uint8Array(mask.data.length).fill(255) };
    const orange = recolour(image, everywhere, ORANGE);
    const result = blendAtEdges(image, orange, edgeAwareMask(image, mask));
    // Wholly bar or rocket: unchanged (the goal outside a masked edit is ΔE < 1.5).
    const outside = meanDeltaE(image, result, (p) => sky[p] === 0);
    expect(outside).toBeLessThan(1.5);
    // The sky is orange.
    expect(meanDeltaE(image, result, (p) => sky[p] === 1)).toBeGreaterThan(50);
    // A Gaussian feather of the same mask bleeds the orange onto the bars.
    const feathered = blendByMask(image, orange, await featherMask(mask, 1));
    expect(meanDeltaE(image, feathered, (p) => sky[p] === 0)).toBeGreaterThan(5 * outside);
  });

  it('leaves no old blue in pixels half bar, half sky', async () => {
    const { image, sky } = lattice();
    const mask = hardSky(sky);
    const everywhere = { ...mask, data: new Uint8Array(mask.data.length).fill(255) };
    const orange = recolour(image, everywhere, ORANGE);
    const ours = blendAtEdges(image, orange, edgeAwareMask(image, mask));
    const feathered = blendByMask(image, orange, await featherMask(mask, 1));
    // What a mixed pixel should become: that much new sky over the bar or rocket. Blending
    // the whole pixel by the mask keeps part of its old blue instead.
    const offIdeal = (result: RawImage) => {
      let sum = 0;
      let mixed = 0;
      for (let y = 2; y < HEIGHT - 2; y++)
        for (let x = 2; x < WIDTH - 2; x++) {
          const p = y * WIDTH + x;
          const s = sky[p]!;
          if (s <= 0.2 || s >= 0.8) continue;
          const front = x >= 100 && x <= 121 ? ROCKET : STEEL;
          const q = y * WIDTH + 80; // the new sky on this row
          const ideal: RawImage = { width: 1, height: 1, data: Buffer.alloc(3) };
          for (let c = 0; c < 3; c++)
            ideal.data[c] = Math.round(s * result.data[q * 3 + c]! + (1 - s) * front[c]!);
          const got = { width: 1, height: 1, data: result.data.subarray(p * 3, p * 3 + 3) };
          sum += deltaE(got, ideal, 0);
          mixed++;
        }
      expect(mixed).toBeGreaterThan(100);
      return sum / mixed;
    };
    const ourError = offIdeal(ours);
    expect(ourError).toBeLessThan(8);
    expect(offIdeal(feathered)).toBeGreaterThan(2 * ourError);
  });

  it('keeps the mask exactly where it is flat, far from its edge', () => {
    const { image, sky } = lattice();
    const mask = hardSky(sky);
    const alpha = edgeAwareMask(image, mask);
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 70; x < 95; x++) expect(alpha.data[y * WIDTH + x]).toBe(255);
  });
});

/** A red subject (a disc) on a background of green and blue stripes. */
function portrait(): { image: RawImage; background: Mask } {
  const width = 120;
  const height = 100;
  const data = Buffer.alloc(width * height * 3);
  const background = { width, height, data: new Uint8Array(width * height) };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const inDisc = Math.hypot(x - 60, y - 50) < 25;
      const colour = inDisc ? [220, 30, 30] : x % 8 < 4 ? [30, 140, 60] : [40, 70, 160];
      data.set(colour, p * 3);
      background.data[p] = inDisc ? 0 : 255;
    }
  return { image: { width, height, data }, background };
}

describe('blurring the background', () => {
  it('gathers only from the background: no subject red beside the subject', async () => {
    const { image, background } = portrait();
    const result = await applyInMask(image, background, (part, selected) =>
      blurWithin(part, selected, 6),
    );
    // Within the blur's reach outside the disc, red stays what the stripes have (≤ 40).
    let reddest = 0;
    for (let y = 0; y < 100; y++)
      for (let x = 0; x < 120; x++) {
        const d = Math.hypot(x - 60, y - 50);
        if (d < 27 || d > 40) continue;
        reddest = Math.max(reddest, result.data[(y * 120 + x) * 3]!);
      }
    expect(reddest).toBeLessThanOrEqual(45);
    // The stripes are blurred together: far from the disc, green and blue columns meet halfway.
    const at = (x: number) => result.data[(5 * 120 + x) * 3 + 1]!;
    expect(Math.abs(at(2) - at(6))).toBeLessThan(15);
    // The subject is untouched inside.
    expect(result.data.subarray((50 * 120 + 60) * 3, (50 * 120 + 60) * 3 + 3)).toEqual(
      Buffer.from([220, 30, 30]),
    );
  });
});
