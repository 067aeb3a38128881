import type { RawImage } from '../raw-image.ts';
import { mixError, mixWeights } from './fill-weights.ts';
import { maskBounds } from './mask-tools.ts';
import { membraneFill } from './membrane-fill.ts';
import { structureFill } from './structure-fill.ts';

/**
 * How strongly colour runs along rows rather than columns, tried on every hole: along columns
 * (a door frame crossing the hole), even, along rows (floor bands), rows only (a skirting).
 */
export const ANISOTROPIES = [0.3, 1, 3, 10, Infinity] as const;
/** How much more a neighbour along the edges weighs in the structure fill, tried on every hole. */
export const EDGE_STRENGTHS = [30, 300] as const;

/** A candidate fill. */
export type FillChoice =
  { kind: 'structure'; strength: number } | { kind: 'membrane'; anisotropy: number };

/** A candidate's share below this is left out of the mix. */
const MIN_SHARE = 0.02;

const CHOICES: FillChoice[] = [
  ...EDGE_STRENGTHS.map((strength) => ({ kind: 'structure' as const, strength })),
  ...ANISOTROPIES.map((anisotropy) => ({ kind: 'membrane' as const, anisotropy })),
];

function run(image: RawImage, hole: Uint8Array, choice: FillChoice, settle: boolean): RawImage {
  return choice.kind === 'structure'
    ? structureFill(image, hole, choice.strength, { settle })
    : membraneFill(image, hole, choice.anisotropy, { settle });
}

/** The hole moved sideways by `dx` pixels, or null where it would leave the frame. */
function shifted(hole: Uint8Array, width: number, dx: number): Uint8Array | null {
  const out = new Uint8Array(hole.length);
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    const x = (p % width) + dx;
    if (x < 0 || x >= width) return null;
    out[p + dx] = 1;
  }
  return out;
}

/**
 * Stand-ins for the hole where the truth is known: the same shape one and two widths to
 * either side (same rows, so the same depth of floor and height of wall), clear of other
 * pieces. They are filled with the hole still open, as the hole itself will be.
 */
export function proxyHoles(hole: Uint8Array, width: number, exclude?: Uint8Array): Uint8Array[] {
  const bounds = maskBounds(hole, width);
  const w = bounds ? bounds.x1 - bounds.x0 + 1 : 0;
  const gap = 4;
  const out: Uint8Array[] = [];
  for (const k of [1, -1, 2, -2]) {
    const proxy = shifted(hole, width, k * (w + gap));
    if (!proxy) continue;
    let size = 0;
    let blocked = 0;
    for (let p = 0; p < proxy.length; p++) {
      if (!proxy[p]) continue;
      size++;
      if (hole[p] || exclude?.[p]) blocked++;
    }
    if (blocked <= size * 0.05) out.push(proxy);
  }
  return out;
}

/**
 * What a stand-in is filled with open: itself, and the part of the hole within the ring the
 * fills read around it (the piece's pixels are no edge to continue). Not the whole hole: its
 * far side would stretch the frame the fill is solved in to two or three hole-widths, with
 * coarser cells and a wider ring than the hole itself gets, and the stand-ins would then rank
 * the fills by how they do on that larger frame (the structure fill, whose edges are read on
 * that grid, lost most).
 */
export function standInOpening(proxy: Uint8Array, hole: Uint8Array, width: number): Uint8Array {
  const bounds = maskBounds(proxy, width);
  const open = Uint8Array.from(proxy);
  if (!bounds) return open;
  const reach = Math.max(
    6,
    Math.round(Math.max(bounds.x1 - bounds.x0, bounds.y1 - bounds.y0) * 0.25),
  );
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    const x = p % width;
    const y = (p - x) / width;
    if (
      x >= bounds.x0 - reach &&
      x <= bounds.x1 + reach &&
      y >= bounds.y0 - reach &&
      y <= bounds.y1 + reach
    ) {
      open[p] = 1;
    }
  }
  return open;
}

/** One candidate fill and its share in the mix that fills the hole. */
export interface MixPart {
  fill: FillChoice;
  weight: number;
}

/**
 * The mix of the candidate fills fitted on the stand-ins (their pixels outside `exclude`),
 * each candidate run on each stand-in with its neighbourhood of the hole open, and how much
 * better than `prior` that mix restored them (0: no better, 1: exactly).
 */
function mixOnStandIns(
  image: RawImage,
  hole: Uint8Array,
  proxies: Uint8Array[],
  choices: FillChoice[],
  prior: number[],
  exclude?: Uint8Array,
): { weights: number[]; gain: number } {
  const n = choices.length;
  const gram = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const cross = new Array<number>(n).fill(0);
  let truthSquared = 0;
  for (const proxy of proxies) {
    const open = standInOpening(proxy, hole, image.width);
    const fills = choices.map((choice) => run(image, open, choice, false).data);
    for (let p = 0; p < proxy.length; p++) {
      if (!proxy[p] || exclude?.[p]) continue;
      for (let c = p * 3; c < p * 3 + 3; c++) {
        const truth = image.data[c]! / 255;
        truthSquared += truth * truth;
        for (let i = 0; i < n; i++) {
          const a = fills[i]![c]! / 255;
          cross[i]! += a * truth;
          for (let j = i; j < n; j++) gram[i]![j]! += (a * fills[j]![c]!) / 255;
        }
      }
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) gram[i]![j] = gram[j]![i]!;
  const weights = mixWeights(gram, cross);
  const before = mixError(gram, cross, truthSquared, prior);
  const after = mixError(gram, cross, truthSquared, weights);
  return { weights, gain: before > 0 ? Math.max(0, 1 - after / before) : 0 };
}

/**
 * The fill for a piece taken out of a room: fills that let colour run along the edges around
 * the hole (the structure fill, at two strengths) or along rows, columns or evenly
 * (membranes) are tried on stand-in holes beside it, where the truth is known; the mix of
 * them that restored the stand-ins best, drawn towards the even mix of the structure fills as
 * far as it did no better than that mix there, fills the hole. With no stand-in (a hole at the
 * frame's edge or among other pieces), the even mix of the structure fills. Only hole pixels
 * change. `families: ['membrane']` keeps to the membranes (the bench's earlier fill).
 */
export function roomFill(
  image: RawImage,
  hole: Uint8Array,
  options: { exclude?: Uint8Array; families?: ReadonlyArray<FillChoice['kind']> } = {},
): { image: RawImage; mix: MixPart[] } {
  const families = options.families ?? ['structure', 'membrane'];
  const choices = CHOICES.filter((c) => families.includes(c.kind));
  const proxies = proxyHoles(hole, image.width, options.exclude);
  const structure = choices.filter((c) => c.kind === 'structure').length;
  const even = (c: FillChoice) => c.kind === 'membrane' && c.anisotropy === 1;
  const prior = choices.map((c) =>
    structure ? (c.kind === 'structure' ? 1 / structure : 0) : even(c) ? 1 : 0,
  );
  // One to four stand-ins are a noisy sample of the hole: the fitted mix counts as far as it
  // restored them better than the even mix did (a skirting the rows carry on exactly: all of
  // it; a floor where every fill errs alike: hardly).
  const { weights: fitted, gain } = proxies.length
    ? mixOnStandIns(image, hole, proxies, choices, prior, options.exclude)
    : { weights: prior, gain: 0 };
  const weights = prior.map((w, i) => (1 - gain) * w + gain * fitted[i]!);
  // Shares too small to see are dropped (each fill costs a full-size settling).
  const kept = weights.map((w) => (w >= MIN_SHARE ? w : 0));
  const total = kept.reduce((a, b) => a + b, 0);
  const mix = choices
    .map((fill, i) => ({ fill, weight: kept[i]! / total }))
    .filter((part) => part.weight > 0);
  const sum = new Float32Array(hole.length * 3);
  for (const part of mix) {
    const filled = run(image, hole, part.fill, true).data;
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) continue;
      for (let c = p * 3; c < p * 3 + 3; c++) sum[c]! += part.weight * filled[c]!;
    }
  }
  const result: RawImage = { ...image, data: Buffer.from(image.data) };
  for (let p = 0; p < hole.length; p++) {
    if (!hole[p]) continue;
    for (let c = p * 3; c < p * 3 + 3; c++) result.data[c] = Math.round(sum[c]!);
  }
  return { image: result, mix };
}
