import { rgbToLab } from '../colour.ts';
import type { RawImage } from '../raw-image.ts';

/**
 * The background a line's letters stand on, as the fill will have to continue it: on each row,
 * the pixels between the line's first and last letter pixel that are no letter (nor any other
 * line's). Above, below and beside the letters lie the sign's border, a stripe, another line —
 * edges the fill does not cross; between the letters lies what continues under them.
 */
export function betweenLetters(own: Uint8Array, hole: Uint8Array, width: number): Uint8Array {
  const between = new Uint8Array(own.length);
  const height = own.length / width;
  for (let y = 0; y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (!own[y * width + x]) continue;
      if (first < 0) first = x;
      last = x;
    }
    for (let x = first + 1; first >= 0 && x < last; x++) {
      const p = y * width + x;
      if (!hole[p]) between[p] = 1;
    }
  }
  return between;
}

function integral(width: number, height: number, value: (p: number) => number): Float64Array {
  const w1 = width + 1;
  const table = new Float64Array(w1 * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += value(y * width + x);
      table[(y + 1) * w1 + x + 1] = table[y * w1 + x + 1]! + row;
    }
  }
  return table;
}

/** The sum of a table's values over the box [x0, x1) × [y0, y1). */
function boxSum(
  table: Float64Array,
  width: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
) {
  const w1 = width + 1;
  return table[y1 * w1 + x1]! - table[y0 * w1 + x1]! - table[y1 * w1 + x0]! + table[y0 * w1 + x0]!;
}

/**
 * How busy a background is where a fill must continue it: the root-mean-square gradient of
 * CIE L* in a small window (a fill that continues a flat sign or a wall loses nothing; one over
 * cobbles, leaves, paving or a carpet leaves a smooth smear in their grain). Measured at the
 * scale of a 1000-pixel photo: blocks of `scale` × `scale` pixels are averaged first (so a
 * 12 MP photo costs what a small one does, and its sensor noise is not taken for grain), then
 * lightly blurred; hole pixels count nowhere. Units: L* per block.
 */
export class BackgroundGrain {
  private readonly width: number;
  private readonly block: number;
  private readonly hole: Uint8Array;
  private readonly squares: Float64Array;
  private readonly counts: Float64Array;

  constructor(image: RawImage, hole: Uint8Array, scale: number) {
    const block = Math.max(1, Math.round(scale));
    const width = Math.ceil(image.width / block);
    const height = Math.ceil(image.height / block);
    this.width = width;
    this.block = block;
    // Block means of L* over the pixels outside the hole; a block touching the hole is hole.
    const sums = new Float64Array(width * height);
    const n = new Float64Array(width * height);
    const small = new Uint8Array(width * height);
    const lab = [0, 0, 0];
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const p = y * image.width + x;
        const b = Math.floor(y / block) * width + Math.floor(x / block);
        if (hole[p]) {
          small[b] = 1;
          continue;
        }
        rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, lab);
        sums[b]! += lab[0]!;
        n[b]!++;
      }
    }
    this.hole = small;
    const known = (b: number) => (small[b] || !n[b] ? 0 : 1);
    const lightness = Float64Array.from(sums, (v, b) => (n[b] ? v / n[b]! : 0));
    // A 3 × 3 blur over known blocks.
    const tableL = integral(width, height, (b) => (known(b) ? lightness[b]! : 0));
    const tableK = integral(width, height, known);
    const smooth = new Float64Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const x0 = Math.max(0, x - 1);
        const y0 = Math.max(0, y - 1);
        const x1 = Math.min(width, x + 2);
        const y1 = Math.min(height, y + 2);
        const k = boxSum(tableK, width, x0, y0, x1, y1);
        smooth[y * width + x] = k > 0 ? boxSum(tableL, width, x0, y0, x1, y1) / k : 0;
      }
    }
    const valid = (b: number) => {
      const x = b % width;
      const y = (b - x) / width;
      if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) return false;
      return !!(known(b) && known(b - 1) && known(b + 1) && known(b - width) && known(b + width));
    };
    this.squares = integral(width, height, (b) => {
      if (!valid(b)) return 0;
      const gx = (smooth[b + 1]! - smooth[b - 1]!) / 2;
      const gy = (smooth[b + width]! - smooth[b - width]!) / 2;
      return gx * gx + gy * gy;
    });
    this.counts = integral(width, height, (b) => (valid(b) ? 1 : 0));
  }

  /** The median grain over the pixels marked in `where`, a plane over `box` (0: none judged). */
  median(where: Uint8Array, box: { left: number; top: number; width: number }): number {
    const { width, block } = this;
    const height = this.squares.length / (width + 1) - 1;
    const blocks = new Set<number>();
    for (let p = 0; p < where.length; p++) {
      if (!where[p]) continue;
      const x = (p % box.width) + box.left;
      const y = Math.floor(p / box.width) + box.top;
      const b = Math.floor(y / block) * width + Math.floor(x / block);
      if (!this.hole[b]) blocks.add(b);
    }
    const values: number[] = [];
    for (const b of blocks) {
      const x = b % width;
      const y = (b - x) / width;
      const x0 = Math.max(0, x - 2);
      const y0 = Math.max(0, y - 2);
      const x1 = Math.min(width, x + 3);
      const y1 = Math.min(height, y + 3);
      const count = boxSum(this.counts, width, x0, y0, x1, y1);
      if (count >= 4) values.push(Math.sqrt(boxSum(this.squares, width, x0, y0, x1, y1) / count));
    }
    if (values.length === 0) return 0;
    values.sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  }
}
