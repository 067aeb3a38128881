/** One scale of the area being filled: RGB as floats and which pixels are unknown. */
export interface Level {
  width: number;
  height: number;
  /** RGB, 0..255, row by row. */
  pixels: Float32Array;
  /** 1 where the pixel is to be filled. */
  hole: Uint8Array;
  /** 1 where no patch may be copied from (other objects); absent: everything known may be. */
  exclude?: Uint8Array;
  /** Row of the wall–floor line in this level's pixels, when the fill keeps wall and floor apart. */
  floorRow?: number;
}

/**
 * Half the size (rounded up). A coarse pixel is a hole if any of its 2×2 children is one, so
 * no colour of the removed object survives at any scale; known pixels average known children.
 */
export function downsample(level: Level): Level {
  const { width, height, pixels, hole } = level;
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = new Float32Array(w * h * 3);
  const outHole = new Uint8Array(w * h);
  const exclude = level.exclude;
  const outExclude = exclude ? new Uint8Array(w * h) : undefined;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      let missing = 0;
      for (let dy = 0; dy < 2; dy++) {
        const sy = 2 * y + dy;
        if (sy >= height) continue;
        for (let dx = 0; dx < 2; dx++) {
          const sx = 2 * x + dx;
          if (sx >= width) continue;
          const p = sy * width + sx;
          if (outExclude && exclude![p]) outExclude[y * w + x] = 1;
          if (hole[p]) {
            missing++;
            continue;
          }
          r += pixels[p * 3]!;
          g += pixels[p * 3 + 1]!;
          b += pixels[p * 3 + 2]!;
          n++;
        }
      }
      const q = y * w + x;
      outHole[q] = missing > 0 ? 1 : 0;
      if (n > 0) {
        out[q * 3] = r / n;
        out[q * 3 + 1] = g / n;
        out[q * 3 + 2] = b / n;
      }
    }
  }
  const floorRow = level.floorRow === undefined ? undefined : level.floorRow / 2;
  return { width: w, height: h, pixels: out, hole: outHole, exclude: outExclude, floorRow };
}

/**
 * Fills the holes of the coarsest level from their edges inwards (each ring takes the mean of
 * its known neighbours), the starting guess that the first PatchMatch iterations refine.
 */
export function fillFromEdges(level: Level): void {
  const { width, height, pixels } = level;
  const known = Uint8Array.from(level.hole, (v) => (v ? 0 : 1));
  let pending: number[] = [];
  for (let p = 0; p < known.length; p++) if (!known[p]) pending.push(p);
  while (pending.length > 0) {
    const filled: number[] = [];
    const rest: number[] = [];
    for (const p of pending) {
      const x = p % width;
      const y = (p - x) / width;
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (!known[q]) continue;
          r += pixels[q * 3]!;
          g += pixels[q * 3 + 1]!;
          b += pixels[q * 3 + 2]!;
          n++;
        }
      }
      if (n === 0) {
        rest.push(p);
        continue;
      }
      pixels[p * 3] = r / n;
      pixels[p * 3 + 1] = g / n;
      pixels[p * 3 + 2] = b / n;
      filled.push(p);
    }
    if (filled.length === 0) break; // nothing known at all: leave the hole black
    for (const p of filled) known[p] = 1;
    pending = rest;
  }
}
