import { parseHex, rgbToLab } from './colour.ts';
import { NAMED_COLOURS } from './prompt/colours.ts';

/** CIEDE2000 colour difference: how different two colours look, hue shifts weighed as people do. */
export function deltaE2000(l1: number, a1: number, b1: number, l2: number, a2: number, b2: number) {
  const rad = Math.PI / 180;
  const c1 = Math.hypot(a1, b1);
  const c2 = Math.hypot(a2, b2);
  const cMean7 = ((c1 + c2) / 2) ** 7;
  const g = 0.5 * (1 - Math.sqrt(cMean7 / (cMean7 + 25 ** 7)));
  const ap1 = a1 * (1 + g);
  const ap2 = a2 * (1 + g);
  const cp1 = Math.hypot(ap1, b1);
  const cp2 = Math.hypot(ap2, b2);
  const hue = (b: number, a: number) =>
    a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360;
  const hp1 = hue(b1, ap1);
  const hp2 = hue(b2, ap2);
  const dL = l2 - l1;
  const dC = cp2 - cp1;
  let dh = cp1 * cp2 === 0 ? 0 : hp2 - hp1;
  if (dh > 180) dh -= 360;
  else if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(cp1 * cp2) * Math.sin((dh / 2) * rad);
  const lMean = (l1 + l2) / 2;
  const cMean = (cp1 + cp2) / 2;
  let hMean = hp1 + hp2;
  if (cp1 * cp2 !== 0) {
    if (Math.abs(hp1 - hp2) > 180) hMean += hMean < 360 ? 360 : -360;
    hMean /= 2;
  }
  const t =
    1 -
    0.17 * Math.cos((hMean - 30) * rad) +
    0.24 * Math.cos(2 * hMean * rad) +
    0.32 * Math.cos((3 * hMean + 6) * rad) -
    0.2 * Math.cos((4 * hMean - 63) * rad);
  const sl = 1 + (0.015 * (lMean - 50) ** 2) / Math.sqrt(20 + (lMean - 50) ** 2);
  const sc = 1 + 0.045 * cMean;
  const sh = 1 + 0.015 * cMean * t;
  const cMean7p = cMean ** 7;
  const rt =
    -2 *
    Math.sqrt(cMean7p / (cMean7p + 25 ** 7)) *
    Math.sin(60 * Math.exp(-(((hMean - 275) / 25) ** 2)) * rad);
  return Math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh));
}

/**
 * More examples of the everyday names, from the xkcd colour survey (public domain: the colours
 * most people gave that name), so a faded or shaded orange is still "orange" and a maroon "red":
 * one hex per name is too few points to name real photographs by.
 */
const SURVEY: ReadonlyArray<readonly [string, string]> = [
  ['orange', '#f97306'],
  ['orange', '#c04e01'],
  ['orange', '#c65102'],
  ['red', '#e50000'],
  ['red', '#840000'],
  ['brown', '#653700'],
  ['brown', '#ad8150'],
  ['pink', '#ff81c0'],
  ['purple', '#7e1e9c'],
  ['green', '#15b01a'],
  ['blue', '#0343df'],
  ['yellow', '#ffff14'],
  ['beige', '#e6daa6'],
  ['grey', '#929591'],
  ['light grey', '#d8dcd6'],
];

const ANCHORS = [
  ...NAMED_COLOURS.map((colour) => [colour.en[0]!, colour.hex] as const),
  ...SURVEY,
].map(([name, hex]) => {
  const lab = [0, 0, 0];
  const [r, g, b] = parseHex(hex);
  rgbToLab(r, g, b, lab);
  return { name, lab };
});

/** The everyday name (English, as in the prompt vocabulary) of the nearest named colour. */
export function colourName(l: number, a: number, b: number): string {
  let best = ANCHORS[0]!;
  let bestDistance = Infinity;
  for (const anchor of ANCHORS) {
    const d = deltaE2000(l, a, b, anchor.lab[0]!, anchor.lab[1]!, anchor.lab[2]!);
    if (d < bestDistance) [best, bestDistance] = [anchor, d];
  }
  return best.name;
}
