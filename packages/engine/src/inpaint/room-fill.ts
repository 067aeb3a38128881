import type { RawImage } from '../raw-image.ts';
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

/** Which fill restored the stand-in holes best. */
export type FillChoice =
  { kind: 'structure'; strength: number } | { kind: 'membrane'; anisotropy: number };

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

function squaredError(a: RawImage, b: RawImage, where: Uint8Array, exclude?: Uint8Array): number {
  let sum = 0;
  for (let p = 0; p < where.length; p++) {
    if (!where[p] || exclude?.[p]) continue;
    for (let c = 0; c < 3; c++) sum += (a.data[p * 3 + c]! - b.data[p * 3 + c]!) ** 2;
  }
  return sum;
}

/**
 * The fill for a piece taken out of a room: fills that let colour run along the edges around
 * the hole (the structure fill) or along rows, columns or evenly (membranes) are tried on
 * stand-in holes beside it, where the truth is known, and the one that restored them best
 * fills the hole. With no stand-in (a hole at the frame's edge), the structure fill. Only hole
 * pixels change. `families: ['membrane']` keeps to the membranes (the bench's earlier fill).
 */
export function roomFill(
  image: RawImage,
  hole: Uint8Array,
  options: { exclude?: Uint8Array; families?: ReadonlyArray<FillChoice['kind']> } = {},
): { image: RawImage; choice: FillChoice } {
  const families = options.families ?? ['structure', 'membrane'];
  const choices = CHOICES.filter((c) => families.includes(c.kind));
  const proxies = proxyHoles(hole, image.width, options.exclude);
  let choice: FillChoice = choices.find((c) => c.kind === 'structure') ?? {
    kind: 'membrane',
    anisotropy: 1,
  };
  if (proxies.length > 0) {
    let best = Infinity;
    for (const candidate of choices) {
      let error = 0;
      for (const proxy of proxies) {
        const open = Uint8Array.from(proxy, (v, p) => v | hole[p]!);
        error += squaredError(run(image, open, candidate, false), image, proxy, options.exclude);
      }
      if (error < best) {
        best = error;
        choice = candidate;
      }
    }
  }
  return { image: run(image, hole, choice, true), choice };
}
