import { labToRgb, rgbToLab } from './colour.ts';
import { decodeImage, encodeJpeg, type RawImage } from './raw-image.ts';

export interface LabStatistics {
  mean: [number, number, number];
  std: [number, number, number];
}

/** Mean and standard deviation per L*a*b* channel, from up to ~100,000 sampled pixels. */
export function labStatistics(image: RawImage): LabStatistics {
  const pixels = image.width * image.height;
  const stride = Math.max(1, Math.floor(pixels / 100_000));
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  const lab = new Float64Array(3);
  let count = 0;
  for (let p = 0; p < pixels; p += stride) {
    const i = p * 3;
    rgbToLab(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, lab);
    for (let c = 0; c < 3; c++) {
      sum[c]! += lab[c]!;
      squares[c]! += lab[c]! * lab[c]!;
    }
    count++;
  }
  const mean = sum.map((s) => s / count) as [number, number, number];
  const std = squares.map((s, c) => Math.sqrt(Math.max(0, s / count - mean[c]! ** 2))) as [
    number,
    number,
    number,
  ];
  return { mean, std };
}

/**
 * Reinhard et al. (2001) colour transfer, in CIE L*a*b*: each channel of the target is shifted
 * and scaled so its mean and spread match the reference's. `strength` 0..1 blends the statistics
 * (1 = the reference's exactly); the scale is bounded so a flat reference cannot blow up noise.
 */
export function transferColourStatistics(
  target: RawImage,
  reference: RawImage,
  strength = 1,
): RawImage {
  const from = labStatistics(target);
  const to = labStatistics(reference);
  const t = Math.max(0, Math.min(1, strength));
  const scale = [0, 1, 2].map((c) => {
    const ratio = from.std[c]! > 1e-3 ? to.std[c]! / from.std[c]! : 1;
    return 1 + (Math.min(3, Math.max(0.33, ratio)) - 1) * t;
  });
  const goal = [0, 1, 2].map((c) => from.mean[c]! + (to.mean[c]! - from.mean[c]!) * t);
  const out = Buffer.allocUnsafe(target.data.length);
  const lab = new Float64Array(3);
  const src = target.data;
  for (let i = 0; i < src.length; i += 3) {
    rgbToLab(src[i]!, src[i + 1]!, src[i + 2]!, lab);
    labToRgb(
      (lab[0]! - from.mean[0]) * scale[0]! + goal[0]!,
      (lab[1]! - from.mean[1]) * scale[1]! + goal[1]!,
      (lab[2]! - from.mean[2]) * scale[2]! + goal[2]!,
      out,
      i,
    );
  }
  return { data: out, width: target.width, height: target.height };
}

/** Colour transfer on encoded images: the result as JPEG quality 92. */
export async function transferStyle(
  image: Buffer,
  reference: Buffer,
  strength = 1,
): Promise<Buffer> {
  const [target, source] = await Promise.all([decodeImage(image), decodeImage(reference)]);
  return encodeJpeg(transferColourStatistics(target, source, strength), 92);
}
