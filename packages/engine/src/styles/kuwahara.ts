import { clampByte } from '../colour.ts';
import type { RawImage } from '../raw-image.ts';

/**
 * Means of every (size x size) window, anchored at its top-left corner, by two sliding sums:
 * constant time per pixel whatever the radius. Result index: ay * (width - size + 1) + ax.
 */
function boxMeans(values: Float32Array, width: number, height: number, size: number): Float32Array {
  const outWidth = width - size + 1;
  const outHeight = height - size + 1;
  const rows = new Float32Array(outWidth * height);
  for (let y = 0; y < height; y++) {
    const base = y * width;
    let sum = 0;
    for (let x = 0; x < size; x++) sum += values[base + x]!;
    rows[y * outWidth] = sum;
    for (let x = 1; x < outWidth; x++) {
      sum += values[base + x + size - 1]! - values[base + x - 1]!;
      rows[y * outWidth + x] = sum;
    }
  }
  const out = new Float32Array(outWidth * outHeight);
  const area = size * size;
  for (let x = 0; x < outWidth; x++) {
    let sum = 0;
    for (let y = 0; y < size; y++) sum += rows[y * outWidth + x]!;
    out[x] = sum / area;
    for (let y = 1; y < outHeight; y++) {
      sum += rows[(y + size - 1) * outWidth + x]! - rows[(y - 1) * outWidth + x]!;
      out[y * outWidth + x] = sum / area;
    }
  }
  return out;
}

/**
 * Kuwahara filter, in the smooth "generalised" form: each pixel takes a weighted mean of its
 * four overlapping quadrant windows, weighted toward the quadrants with the least variance.
 * Flat areas become strokes of one colour while edges stay crisp: the oil-paint look.
 */
export function kuwahara(image: RawImage, radius: number): RawImage {
  const { width, height, data } = image;
  const size = Math.max(2, Math.round(radius) + 1);
  if (width < size * 2 || height < size * 2) return image;
  const count = width * height;
  const channels = [0, 1, 2].map(() => new Float32Array(count));
  const lum = new Float32Array(count);
  const lumSquared = new Float32Array(count);
  for (let p = 0, i = 0; p < count; p++, i += 3) {
    channels[0]![p] = data[i]!;
    channels[1]![p] = data[i + 1]!;
    channels[2]![p] = data[i + 2]!;
    const l = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    lum[p] = l;
    lumSquared[p] = l * l;
  }
  const [meanR, meanG, meanB] = channels.map((c) => boxMeans(c, width, height, size)) as [
    Float32Array,
    Float32Array,
    Float32Array,
  ];
  const meanL = boxMeans(lum, width, height, size);
  const meanL2 = boxMeans(lumSquared, width, height, size);
  const anchorWidth = width - size + 1;
  const maxX = width - size;
  const maxY = height - size;
  const r = size - 1;
  const out = Buffer.allocUnsafe(data.length);
  const anchors = new Int32Array(4);
  for (let y = 0; y < height; y++) {
    const top = Math.min(maxY, Math.max(0, y - r));
    const bottom = Math.min(maxY, y);
    for (let x = 0; x < width; x++) {
      const left = Math.min(maxX, Math.max(0, x - r));
      const right = Math.min(maxX, x);
      anchors[0] = top * anchorWidth + left;
      anchors[1] = top * anchorWidth + right;
      anchors[2] = bottom * anchorWidth + left;
      anchors[3] = bottom * anchorWidth + right;
      let weightSum = 0;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let q = 0; q < 4; q++) {
        const a = anchors[q]!;
        const mean = meanL[a]!;
        const variance = Math.max(0, meanL2[a]! - mean * mean);
        // Sharper selection than 1/variance: a quadrant with twice the variance counts 1/8.
        const base = 1 + variance / 16;
        const weight = 1 / (base * base * base);
        weightSum += weight;
        red += meanR[a]! * weight;
        green += meanG[a]! * weight;
        blue += meanB[a]! * weight;
      }
      const i = (y * width + x) * 3;
      out[i] = clampByte(red / weightSum);
      out[i + 1] = clampByte(green / weightSum);
      out[i + 2] = clampByte(blue / weightSum);
    }
  }
  return { data: out, width, height };
}
