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

/** JFIF's YCbCr of one pixel, channel `c` (0 Y, 1 Cb, 2 Cr), in 0..255. */
function ycc(data: Buffer, i: number, c: number): number {
  const r = data[i]!;
  const g = data[i + 1]!;
  const b = data[i + 2]!;
  if (c === 0) return 0.299 * r + 0.587 * g + 0.114 * b;
  if (c === 1) return -0.168736 * r - 0.331264 * g + 0.5 * b + 128;
  return 0.5 * r - 0.418688 * g - 0.081312 * b + 128;
}

const samples = new Float64Array(64);

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
        for (let y = 0; y < 8; y++)
          for (let x = 0; x < 8; x++) {
            let sum = 0;
            for (let dy = 0; dy < sy; dy++)
              for (let dx = 0; dx < sx; dx++) {
                const px = Math.min(width - 1, (blockCol * 8 + x) * sx + dx);
                const py = Math.min(height - 1, (blockRow * 8 + y) * sy + dy);
                const i = (py * width + px) * 3;
                const channel = grey ? 0 : c;
                sum += ycc(edited.data, i, channel) - ycc(source.data, i, channel);
              }
            samples[y * 8 + x] = sum / (sx * sy);
            if (samples[y * 8 + x] !== 0) changed = true;
          }
        if (!changed) continue;
        const at = (blockRow * comp.blocksPerLineForMcu + blockCol) * 64;
        forwardDct(samples, comp.quant, comp.coefficients, at, true);
      }
  });
}
