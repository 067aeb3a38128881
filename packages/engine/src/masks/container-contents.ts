import { rgbToLab } from '../colour.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import type { RawImage } from '../raw-image.ts';
import { labelRegions } from './regions.ts';

/** Lab distance from every colour of the container's outer band beyond which a pixel is not it. */
const FOREIGN = 20;
/** Contents are a good part of what a container's outline encloses (a share of it). */
const MIN_SHARE = 0.05;
/** Band colours rarer than this share of the band are specks, not the container's colours. */
const MIN_BAND_SHARE = 0.01;
/** The share of the band its common colours must cover for them to be the container's. */
const MIN_OWN_SHARE = 0.5;
/** The colour grid the band's colours are gathered on (Lab units per step). */
const BIN = 6;

/**
 * A cup, a bowl or a glass seen from above shows what is in it inside its rim: coffee is no
 * part of the cup ("make the cup red" turned the coffee red). The container's own colours are
 * those along its outline (the rim, the body); an enclosed stretch of other colours (every band
 * colour more than FOREIGN away) that is a good part of the whole is its contents, and is taken
 * out of the mask (in place, 255/0 over `work`). Returns how many pixels were taken out.
 */
export function leaveOutContents(work: RawImage, hard: Uint8Array): number {
  const { width, height, data } = work;
  const count = width * height;
  // Holes closed first: the outline to read the container's colours from is its outer one.
  const outside = labelRegions(width, height, (p) => !hard[p]);
  const border = new Set<number>();
  for (let x = 0; x < width; x++)
    border.add(outside.labels[x]!).add(outside.labels[count - 1 - x]!);
  for (let y = 0; y < height; y++)
    border.add(outside.labels[y * width]!).add(outside.labels[y * width + width - 1]!);
  const filled = new Uint8Array(count);
  let area = 0;
  for (let p = 0; p < count; p++) {
    filled[p] = hard[p] || !border.has(outside.labels[p]!) ? 1 : 0;
    area += filled[p]!;
  }
  if (area === 0) return 0;
  const size = Math.sqrt(area);
  const notFilled = Uint8Array.from(filled, (v) => (v ? 0 : 1));
  const near = dilate(notFilled, width, height, Math.max(2, Math.round(size * 0.03)));
  const lab = new Float32Array(count * 3);
  const out = [0, 0, 0];
  for (let p = 0; p < count; p++) {
    if (!filled[p]) continue;
    rgbToLab(data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!, out);
    lab[p * 3] = out[0]!;
    lab[p * 3 + 1] = out[1]!;
    lab[p * 3 + 2] = out[2]!;
  }
  const bins = new Map<string, { l: number; a: number; b: number; n: number }>();
  let banded = 0;
  for (let p = 0; p < count; p++) {
    if (!filled[p] || !near[p]) continue;
    const key = `${Math.round(lab[p * 3]! / BIN)},${Math.round(lab[p * 3 + 1]! / BIN)},${Math.round(lab[p * 3 + 2]! / BIN)}`;
    const bin = bins.get(key) ?? { l: 0, a: 0, b: 0, n: 0 };
    bin.l += lab[p * 3]!;
    bin.a += lab[p * 3 + 1]!;
    bin.b += lab[p * 3 + 2]!;
    bin.n++;
    bins.set(key, bin);
    banded++;
  }
  const common = [...bins.values()].filter((bin) => bin.n >= banded * MIN_BAND_SHARE);
  // A patterned outline has no colours of its own to tell contents by: then nothing is foreign.
  if (common.reduce((sum, bin) => sum + bin.n, 0) < banded * MIN_OWN_SHARE) return 0;
  const own = common.map((bin) => [bin.l / bin.n, bin.a / bin.n, bin.b / bin.n] as const);
  const foreign = (p: number) =>
    own.every(([l, a, b]) => {
      const dl = lab[p * 3]! - l;
      const da = lab[p * 3 + 1]! - a;
      const db = lab[p * 3 + 2]! - b;
      return dl * dl + da * da + db * db > FOREIGN * FOREIGN;
    });
  const inner = labelRegions(width, height, (p) => filled[p] === 1 && !near[p] && foreign(p));
  const contents = new Uint8Array(count);
  for (let p = 0; p < count; p++) {
    const region = inner.labels[p]!;
    if (region && inner.sizes[region]! >= area * MIN_SHARE) contents[p] = 1;
  }
  const grown = dilate(contents, width, height, 1);
  let removed = 0;
  for (let p = 0; p < count; p++) {
    if (!hard[p] || !grown[p] || near[p]) continue;
    hard[p] = 0;
    removed++;
  }
  return removed;
}
