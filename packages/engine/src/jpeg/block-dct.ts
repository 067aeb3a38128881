import type { RawImage } from '../raw-image.ts';
import type { JpegFrame } from './jpeg-types.ts';

/** COS[x * 8 + u] = C(u)/2 · cos((2x + 1)uπ / 16): one pass of the orthonormal 8-point DCT. */
const COS = new Float64Array(64);
for (let x = 0; x < 8; x++)
  for (let u = 0; u < 8; u++)
    COS[x * 8 + u] =
      (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);

const row = new Float64Array(64);

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
  for (let y = 0; y < 8; y++)
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = 0; x < 8; x++) sum += samples[y * 8 + x]! * COS[x * 8 + u]!;
      row[y * 8 + u] = sum;
    }
  for (let u = 0; u < 8; u++)
    for (let v = 0; v < 8; v++) {
      let sum = 0;
      for (let y = 0; y < 8; y++) sum += row[y * 8 + u]! * COS[y * 8 + v]!;
      const index = v * 8 + u;
      const q = Math.round(sum / quant[index]!) + (add ? out[at + index]! : 0);
      out[at + index] = Math.max(index === 0 ? -1024 : -1023, Math.min(1023, q));
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
  frame.components.forEach((comp, c) => {
    const sx = frame.maxH / comp.h;
    const sy = frame.maxV / comp.v;
    for (let bv = 0; bv < comp.v; bv++)
      for (let bh = 0; bh < comp.h; bh++) {
        const blockRow = mcuRow * comp.v + bv;
        const blockCol = mcuCol * comp.h + bh;
        let changed = false;
        // YCbCr is linear in RGB: the change of a channel is its weights on the RGB change.
        const [kR, kG, kB] = YCC_WEIGHTS[grey ? 0 : c]!;
        const a = edited.data;
        const b = source.data;
        for (let y = 0; y < 8; y++)
          for (let x = 0; x < 8; x++) {
            let sum = 0;
            for (let dy = 0; dy < sy; dy++)
              for (let dx = 0; dx < sx; dx++) {
                const px = Math.min(width - 1, (blockCol * 8 + x) * sx + dx);
                const py = Math.min(height - 1, (blockRow * 8 + y) * sy + dy);
                const i = (py * width + px) * 3;
                const dr = a[i]! - b[i]!;
                const dg = a[i + 1]! - b[i + 1]!;
                const db = a[i + 2]! - b[i + 2]!;
                if (dr !== 0 || dg !== 0 || db !== 0) sum += kR * dr + kG * dg + kB * db;
              }
            samples[y * 8 + x] = sum / (sx * sy);
            if (sum !== 0) changed = true;
          }
        if (!changed) continue;
        const at = (blockRow * comp.blocksPerLineForMcu + blockCol) * 64;
        forwardDct(samples, comp.quant, comp.coefficients, at, true);
      }
  });
}
