import type { RawImage } from '../raw-image.ts';
import type { JpegFrame } from './jpeg-types.ts';

/**
 * AAN's scale of each output of the fast DCT below against the orthonormal DCT (IJG's
 * `aanscalefactor`): 1 for 0, else √2 · cos(kπ/16).
 */
const AAN = Array.from({ length: 8 }, (_, k) =>
  k === 0 ? 1 : Math.SQRT2 * Math.cos((k * Math.PI) / 16),
);
/** 1 / (8 · AAN[v] · AAN[u]): what the fast DCT's output is multiplied by before quantising. */
const AAN_SCALE = Float64Array.from({ length: 64 }, (_, i) => 1 / (8 * AAN[i >> 3]! * AAN[i & 7]!));

const work = new Float64Array(64);

/**
 * One 8-point pass of Arai, Agui and Nakajima's fast DCT (IJG's jfdctflt.c): 5 multiplications
 * instead of 64, outputs scaled by AAN; `stride` 1 runs along a row, 8 down a column.
 */
function aanPass(d: Float64Array, at: number, stride: number): void {
  const i0 = at;
  const i1 = at + stride;
  const i2 = at + 2 * stride;
  const i3 = at + 3 * stride;
  const i4 = at + 4 * stride;
  const i5 = at + 5 * stride;
  const i6 = at + 6 * stride;
  const i7 = at + 7 * stride;
  const tmp0 = d[i0]! + d[i7]!;
  const tmp7 = d[i0]! - d[i7]!;
  const tmp1 = d[i1]! + d[i6]!;
  const tmp6 = d[i1]! - d[i6]!;
  const tmp2 = d[i2]! + d[i5]!;
  const tmp5 = d[i2]! - d[i5]!;
  const tmp3 = d[i3]! + d[i4]!;
  const tmp4 = d[i3]! - d[i4]!;
  // The even part.
  const tmp10 = tmp0 + tmp3;
  const tmp13 = tmp0 - tmp3;
  const tmp11 = tmp1 + tmp2;
  const tmp12 = tmp1 - tmp2;
  d[i0] = tmp10 + tmp11;
  d[i4] = tmp10 - tmp11;
  const z1 = (tmp12 + tmp13) * 0.707106781186548;
  d[i2] = tmp13 + z1;
  d[i6] = tmp13 - z1;
  // The odd part.
  const o10 = tmp4 + tmp5;
  const o11 = tmp5 + tmp6;
  const o12 = tmp6 + tmp7;
  const z5 = (o10 - o12) * 0.38268343236509;
  const z2 = 0.541196100146197 * o10 + z5;
  const z4 = 1.306562964876377 * o12 + z5;
  const z3 = o11 * 0.707106781186548;
  const z11 = tmp7 + z3;
  const z13 = tmp7 - z3;
  d[i5] = z13 + z2;
  d[i3] = z13 - z2;
  d[i1] = z11 + z4;
  d[i7] = z11 - z4;
}

/**
 * The DCT of 64 level-shifted samples, quantised by `quant` (natural order), into `out`; with
 * `add`, the quantised DCT is added to what `out` holds (a change coded onto kept coefficients).
 */
function forwardDct(
  samples: Float64Array,
  quant: Uint16Array,
  out: Int16Array,
  at: number,
  add = false,
): void {
  work.set(samples);
  for (let y = 0; y < 8; y++) aanPass(work, y * 8, 1);
  for (let x = 0; x < 8; x++) aanPass(work, x, 8);
  for (let index = 0; index < 64; index++) {
    const q = Math.round((work[index]! * AAN_SCALE[index]!) / quant[index]!);
    const value = q + (add ? out[at + index]! : 0);
    out[at + index] = Math.max(index === 0 ? -1024 : -1023, Math.min(1023, value));
  }
}

const samples = new Float64Array(64);

/** JFIF's Y, Cb and Cr as weights of R, G and B (the offsets cancel in a change). */
const YCC_WEIGHTS = [
  [0.299, 0.587, 0.114],
  [-0.168736, -0.331264, 0.5],
  [0.5, -0.418688, -0.081312],
] as const;

/**
 * Codes the change from `source` to `edited` (same size, in the JPEG's colours) onto the kept
 * coefficients of one MCU: each block gets the quantised DCT of the difference of the YCbCr
 * samples added, and a block whose samples did not change stays exactly as it was. Re-encoding
 * the MCU from the edited pixels instead would quantise the unchanged pixels again (decoded,
 * rounded and chroma-upsampled once already) and leave a speckle of small errors all over them.
 */
export function encodeMcuChange(
  frame: JpegFrame,
  edited: RawImage,
  source: RawImage,
  mcuRow: number,
  mcuCol: number,
): void {
  const { width, height } = edited;
  const grey = frame.components.length === 1;
  const mcuW = 8 * frame.maxH;
  const mcuH = 8 * frame.maxV;
  if (!mcuChange(edited, source, mcuCol * mcuW, mcuRow * mcuH, mcuW, mcuH, width, height)) return;
  frame.components.forEach((comp, c) => {
    const plane = change[grey ? 0 : c]!;
    const sx = frame.maxH / comp.h;
    const sy = frame.maxV / comp.v;
    const cells = sx * sy;
    for (let bv = 0; bv < comp.v; bv++)
      for (let bh = 0; bh < comp.h; bh++) {
        let changed = false;
        for (let y = 0; y < 8; y++)
          for (let x = 0; x < 8; x++) {
            let sum = 0;
            for (let dy = 0; dy < sy; dy++) {
              const row = ((bv * 8 + y) * sy + dy) * mcuW + (bh * 8 + x) * sx;
              for (let dx = 0; dx < sx; dx++) sum += plane[row + dx]!;
            }
            samples[y * 8 + x] = sum / cells;
            if (sum !== 0) changed = true;
          }
        if (!changed) continue;
        const blockRow = mcuRow * comp.v + bv;
        const blockCol = mcuCol * comp.h + bh;
        const at = (blockRow * comp.blocksPerLineForMcu + blockCol) * 64;
        forwardDct(samples, comp.quant, comp.coefficients, at, true);
      }
  });
}

/** The change of Y, Cb and Cr over one MCU (at most 32 × 32 pixels), row by row. */
const change = [0, 1, 2].map(() => new Float64Array(32 * 32));

/**
 * Fills `change` for the MCU at (left, top): YCbCr is linear in RGB, so the change of a channel
 * is its weights on the RGB change. Pixels past the picture's edge repeat its last row and
 * column, as the encoder's padding does. False when nothing in the MCU changed.
 */
function mcuChange(
  edited: RawImage,
  source: RawImage,
  left: number,
  top: number,
  mcuW: number,
  mcuH: number,
  width: number,
  height: number,
): boolean {
  const a = edited.data;
  const b = source.data;
  const [Y, Cb, Cr] = change as [Float64Array, Float64Array, Float64Array];
  let any = false;
  for (let y = 0; y < mcuH; y++) {
    const py = Math.min(height - 1, top + y);
    for (let x = 0; x < mcuW; x++) {
      const i = (py * width + Math.min(width - 1, left + x)) * 3;
      const dr = a[i]! - b[i]!;
      const dg = a[i + 1]! - b[i + 1]!;
      const db = a[i + 2]! - b[i + 2]!;
      const o = y * mcuW + x;
      if (dr === 0 && dg === 0 && db === 0) {
        Y[o] = 0;
        Cb[o] = 0;
        Cr[o] = 0;
        continue;
      }
      any = true;
      Y[o] = YCC_WEIGHTS[0][0] * dr + YCC_WEIGHTS[0][1] * dg + YCC_WEIGHTS[0][2] * db;
      Cb[o] = YCC_WEIGHTS[1][0] * dr + YCC_WEIGHTS[1][1] * dg + YCC_WEIGHTS[1][2] * db;
      Cr[o] = YCC_WEIGHTS[2][0] * dr + YCC_WEIGHTS[2][1] * dg + YCC_WEIGHTS[2][2] * db;
    }
  }
  return any;
}
