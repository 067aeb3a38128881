import { describe, expect, it } from 'vitest';
import type { RawImage } from '../raw-image.ts';
import { encodeMcuChange } from './block-dct.ts';
import type { JpegFrame } from './jpeg-types.ts';

/** The orthonormal 8 × 8 DCT of JPEG, straight from its definition. */
function referenceDct(samples: number[]): number[] {
  const c = (k: number) => (k === 0 ? Math.SQRT1_2 : 1);
  const out: number[] = [];
  for (let v = 0; v < 8; v++)
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let y = 0; y < 8; y++)
        for (let x = 0; x < 8; x++)
          sum +=
            samples[y * 8 + x]! *
            Math.cos(((2 * x + 1) * u * Math.PI) / 16) *
            Math.cos(((2 * y + 1) * v * Math.PI) / 16);
      out.push((c(u) * c(v) * sum) / 4);
    }
  return out;
}

/** One grey 8 × 8 block: its change from black coded onto zero coefficients. */
function codedChange(grey: number[], quant: Uint16Array): Int16Array {
  const data = Buffer.alloc(64 * 3);
  grey.forEach((v, p) => data.fill(v, p * 3, p * 3 + 3));
  const edited: RawImage = { width: 8, height: 8, data };
  const source: RawImage = { width: 8, height: 8, data: Buffer.alloc(64 * 3) };
  const coefficients = new Int16Array(64);
  const frame = {
    components: [{ h: 1, v: 1, quant, blocksPerLineForMcu: 1, coefficients }],
    maxH: 1,
    maxV: 1,
    mcusPerLine: 1,
  } as unknown as JpegFrame;
  encodeMcuChange(frame, edited, source, 0, 0);
  return coefficients;
}

describe('the fast DCT of a changed block', () => {
  it('quantises as the DCT by its definition does', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const quant = Uint16Array.from({ length: 64 }, (_, i) => 1 + (i % 9));
    let compared = 0;
    let off = 0;
    for (let block = 0; block < 200; block++) {
      const grey = Array.from({ length: 64 }, () => Math.floor(random() * 256));
      const coded = codedChange(grey, quant);
      // The luma of a grey pixel is its value (weights summing to 1).
      const expected = referenceDct(grey.map((v) => 0.299 * v + 0.587 * v + 0.114 * v));
      expected.forEach((value, i) => {
        const want = Math.max(
          i === 0 ? -1024 : -1023,
          Math.min(1023, Math.round(value / quant[i]!)),
        );
        compared++;
        if (coded[i] !== want) {
          off++;
          // Only a rounding tie can come out one step apart.
          expect(Math.abs(coded[i]! - want)).toBe(1);
        }
      });
    }
    expect(off / compared).toBeLessThan(0.001);
  });

  it('leaves a block with no change as it was', () => {
    const coded = codedChange(new Array<number>(64).fill(0), new Uint16Array(64).fill(1));
    expect([...coded].every((v) => v === 0)).toBe(true);
  });
});
