import sharp from 'sharp';
import { clampByte, type Rgb } from '../colour.ts';
import { dye } from './dye.ts';
import { blendAtEdges, edgeAwareMask } from '../masks/edge-aware.ts';
import { maskBounds, type Mask } from '../masks/mask.ts';
import { growRect } from '../masks/rect.ts';
import { rawPipeline, toRaw, type RawImage } from '../raw-image.ts';

/** The feather of a mask's edge: about 1.5 px per 1000 px of the image's long side. */
export const featherSigma = (width: number, height: number) =>
  Math.max(0.8, (1.5 * Math.max(width, height)) / 1000);

/**
 * The mask with a soft edge (a Gaussian of `sigma` pixels); fully inside stays 255. Only the
 * mask's bounding box (and the blur's reach) is blurred: a sofa in a 12 MP photo costs little.
 */
export async function featherMask(mask: Mask, sigma: number): Promise<Mask> {
  const bounds = maskBounds(mask);
  if (sigma < 0.3 || !bounds) return mask;
  const area = growRect(bounds, Math.ceil(sigma * 3) + 1, mask.width, mask.height);
  const part = Buffer.allocUnsafe(area.width * area.height);
  for (let y = 0; y < area.height; y++) {
    const from = (area.top + y) * mask.width + area.left;
    part.set(mask.data.subarray(from, from + area.width), y * area.width);
  }
  const { data } = await sharp(part, {
    raw: { width: area.width, height: area.height, channels: 1 },
  })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(mask.data.length);
  for (let y = 0; y < area.height; y++) {
    out.set(
      data.subarray(y * area.width, (y + 1) * area.width),
      (area.top + y) * mask.width + area.left,
    );
  }
  return { width: mask.width, height: mask.height, data: out };
}

/** `edited` where the mask selects, `original` elsewhere, mixed by the mask's soft values. */
export function blendByMask(original: RawImage, edited: RawImage, mask: Mask): RawImage {
  const out = Buffer.from(original.data);
  for (let p = 0; p < mask.data.length; p++) {
    const m = mask.data[p]!;
    if (m === 0) continue;
    const i = p * 3;
    if (m === 255) {
      out[i] = edited.data[i]!;
      out[i + 1] = edited.data[i + 1]!;
      out[i + 2] = edited.data[i + 2]!;
      continue;
    }
    const t = m / 255;
    out[i] = Math.round(original.data[i]! + (edited.data[i]! - original.data[i]!) * t);
    out[i + 1] = Math.round(
      original.data[i + 1]! + (edited.data[i + 1]! - original.data[i + 1]!) * t,
    );
    out[i + 2] = Math.round(
      original.data[i + 2]! + (edited.data[i + 2]! - original.data[i + 2]!) * t,
    );
  }
  return { ...original, data: out };
}

/**
 * Runs `edit` on the part of the image the mask touches, with `margin` pixels of context for
 * neighbourhood filters, and blends the result back through the mask with its edge made to
 * follow the picture (edge-aware.ts) — or, for a mask whose edge was decided at full size
 * already (walls, floor), through it feathered. `edit` also gets how much each pixel of the part is
 * selected (0..255), for filters that must only gather from the selection. Pixels the mask
 * does not touch keep their exact values.
 */
export async function applyInMask(
  image: RawImage,
  mask: Mask,
  edit: (part: RawImage, selected: Uint8Array) => Promise<RawImage> | RawImage,
  margin = 0,
  options: { edgeDecided?: boolean } = {},
): Promise<RawImage> {
  const soft = options.edgeDecided
    ? await featherMask(mask, featherSigma(image.width, image.height))
    : edgeAwareMask(image, mask);
  const bounds = maskBounds(soft);
  if (!bounds) return image;
  const area = growRect(bounds, Math.ceil(margin), image.width, image.height);
  const whole = area.width === image.width && area.height === image.height;
  const part = whole ? image : await toRaw(rawPipeline(image).extract(area));
  const selected = new Uint8Array(area.width * area.height);
  for (let y = 0; y < area.height; y++) {
    const from = (area.top + y) * image.width + area.left;
    selected.set(soft.data.subarray(from, from + area.width), y * area.width);
  }
  const edited = await edit(part, selected);
  if (edited.width !== part.width || edited.height !== part.height) {
    throw new Error('A masked edit must keep the size of the part it changes');
  }
  const full = whole ? edited : pasteInto(image, edited, area.left, area.top);
  return options.edgeDecided ? blendByMask(image, full, soft) : blendAtEdges(image, full, soft);
}

function pasteInto(image: RawImage, part: RawImage, left: number, top: number): RawImage {
  const out = Buffer.from(image.data);
  for (let y = 0; y < part.height; y++) {
    part.data.copy(
      out,
      ((top + y) * image.width + left) * 3,
      y * part.width * 3,
      (y + 1) * part.width * 3,
    );
  }
  return { ...image, data: out };
}

/**
 * A blur that gathers only from the selected pixels (a normalised convolution: the colours
 * weighted by the selection, blurred, divided by the blurred selection), so a person's colours
 * never smear into the blurred background around them. Half-selected edge pixels weigh little
 * (they hold some of the person). sharp premultiplies by the alpha channel before blurring and
 * divides after, which is exactly this. Pixels with nothing selected near keep their colour.
 */
export async function blurWithin(
  part: RawImage,
  selected: Uint8Array,
  sigma: number,
): Promise<RawImage> {
  const count = part.width * part.height;
  const rgba = Buffer.allocUnsafe(count * 4);
  for (let p = 0; p < count; p++) {
    rgba[p * 4] = part.data[p * 3]!;
    rgba[p * 4 + 1] = part.data[p * 3 + 1]!;
    rgba[p * 4 + 2] = part.data[p * 3 + 2]!;
    const m = selected[p]!;
    rgba[p * 4 + 3] = m >= 250 ? 255 : Math.round((m * m) / 255);
  }
  const { data } = await sharp(rgba, {
    raw: { width: part.width, height: part.height, channels: 4 },
  })
    .blur(Math.max(0.3, sigma))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = Buffer.from(part.data);
  for (let p = 0; p < count; p++) {
    if (data[p * 4 + 3] === 0) continue;
    out[p * 3] = data[p * 4]!;
    out[p * 3 + 1] = data[p * 4 + 1]!;
    out[p * 3 + 2] = data[p * 4 + 2]!;
  }
  return { ...part, data: out };
}

/**
 * A new colour for the selected pixels that keeps their shading and texture. In a luma /
 * colour-difference space (BT.601 Y, B−Y, R−Y: linear in RGB, so 12 MP take a fraction of a
 * second) the region's mean luma moves most of the way (`pull`) to the colour's and its colour
 * difference becomes the colour's, while each pixel keeps its own difference from the means
 * (folds, grain, pattern). Shadows get proportionally less colour, as dyed cloth does.
 */
export function recolour(
  image: RawImage,
  mask: Mask,
  colour: Rgb,
  pull = 0.8,
  options: { fabric?: boolean } = {},
): RawImage {
  if (options.fabric) return dye(image, mask, colour, pull);
  const src = image.data;
  const targetY = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2];
  const targetCb = colour[2] - targetY;
  const targetCr = colour[0] - targetY;
  let weight = 0;
  let meanY = 0;
  let meanCb = 0;
  let meanCr = 0;
  for (let p = 0; p < mask.data.length; p += 3) {
    if (mask.data[p]! < 128) continue;
    const r = src[p * 3]!;
    const g = src[p * 3 + 1]!;
    const b = src[p * 3 + 2]!;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    meanY += y;
    meanCb += b - y;
    meanCr += r - y;
    weight++;
  }
  if (weight === 0) return image;
  meanY /= weight;
  meanCb /= weight;
  meanCr /= weight;
  const shift = (targetY - meanY) * pull;
  const newMean = Math.max(1, meanY + shift);
  const out = Buffer.from(src);
  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p] === 0) continue;
    const r = src[p * 3]!;
    const g = src[p * 3 + 1]!;
    const b = src[p * 3 + 2]!;
    const y0 = 0.299 * r + 0.587 * g + 0.114 * b;
    const y = y0 + shift;
    const shade = Math.min(1.15, Math.max(0.35, y / newMean));
    const cb = targetCb * shade + (b - y0 - meanCb) * 0.5;
    const cr = targetCr * shade + (r - y0 - meanCr) * 0.5;
    const red = y + cr;
    const blue = y + cb;
    out[p * 3] = clampByte(red);
    out[p * 3 + 1] = clampByte((y - 0.299 * red - 0.114 * blue) / 0.587);
    out[p * 3 + 2] = clampByte(blue);
  }
  return { ...image, data: out };
}

/**
 * Large flat squares over the selected part (faces, number plates): `block` pixels wide, by
 * default a twelfth of the part, so a face becomes a handful of squares nobody can read.
 */
export async function pixelate(part: RawImage, block?: number): Promise<RawImage> {
  const size = Math.max(2, block ?? Math.max(part.width, part.height) / 12);
  const scale = 1 / size;
  const w = Math.max(1, Math.round(part.width * scale));
  const h = Math.max(1, Math.round(part.height * scale));
  // Two pipelines: sharp applies only the last resize of one pipeline.
  const small = await toRaw(rawPipeline(part).resize(w, h, { fit: 'fill', kernel: 'cubic' }));
  return toRaw(
    rawPipeline(small).resize(part.width, part.height, { fit: 'fill', kernel: 'nearest' }),
  );
}
