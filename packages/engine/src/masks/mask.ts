/**
 * A selection of part of a picture: one channel at the image's own size, 0 = untouched,
 * 255 = fully selected, values between for a soft (feathered) edge. Every local operation that
 * changes only part of a picture takes one of these; hosted providers receive the same mask.
 */
export interface Mask {
  width: number;
  height: number;
  data: Uint8Array;
}

export function emptyMask(width: number, height: number): Mask {
  return { width, height, data: new Uint8Array(width * height) };
}

/** A hard mask from any non-zero entries (the form older code passes around). */
export function maskFromBinary(data: Uint8Array, width: number, height: number): Mask {
  if (data.length !== width * height) {
    throw new Error(`Mask of ${data.length} values for a ${width}×${height} image`);
  }
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) out[i] = data[i] ? 255 : 0;
  return { width, height, data: out };
}

export function sameSize(a: Mask, b: Mask): void {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Masks differ in size: ${a.width}×${a.height} and ${b.width}×${b.height}`);
  }
}

export function invertMask(mask: Mask): Mask {
  const data = new Uint8Array(mask.data.length);
  for (let i = 0; i < data.length; i++) data[i] = 255 - mask.data[i]!;
  return { ...mask, data };
}

/** Pixel-wise maximum: what either selects. */
export function unionMasks(a: Mask, b: Mask): Mask {
  sameSize(a, b);
  const data = new Uint8Array(a.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.max(a.data[i]!, b.data[i]!);
  return { ...a, data };
}

/** What `a` selects and `b` does not. */
export function subtractMask(a: Mask, b: Mask): Mask {
  sameSize(a, b);
  const data = new Uint8Array(a.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.min(a.data[i]!, 255 - b.data[i]!);
  return { ...a, data };
}

/** Pixel-wise minimum: what both select. */
export function intersectMasks(a: Mask, b: Mask): Mask {
  sameSize(a, b);
  const data = new Uint8Array(a.data.length);
  for (let i = 0; i < data.length; i++) data[i] = Math.min(a.data[i]!, b.data[i]!);
  return { ...a, data };
}

/** Share of the picture selected, 0..1, soft values counted by their weight. */
export function maskCoverage(mask: Mask): number {
  let sum = 0;
  for (let i = 0; i < mask.data.length; i++) sum += mask.data[i]!;
  return mask.data.length === 0 ? 0 : sum / (255 * mask.data.length);
}

/** Intersection over union of the pixels each selects at least half-way (for evaluations). */
export function maskIoU(a: Mask, b: Mask): number {
  sameSize(a, b);
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.data.length; i++) {
    const inA = a.data[i]! >= 128;
    const inB = b.data[i]! >= 128;
    if (inA && inB) both++;
    if (inA || inB) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** The smallest rectangle holding every selected pixel, or null for an empty mask. */
export function maskBounds(
  mask: Mask,
): { left: number; top: number; width: number; height: number } | null {
  let left = mask.width;
  let top = mask.height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[row + x]! === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}
