import { SRGB_TO_LINEAR, linearToSrgbByte, type Rgb } from '../colour.ts';
import type { Mask } from '../masks/mask.ts';
import type { RawImage } from '../raw-image.ts';

/**
 * Upholstery dyed a colour photographs far less saturated than the colour's name (a blue sofa
 * is a denim or a navy, not #1e5bd6): the named colour's chroma is capped at this in OKLab,
 * whose hue holds when chroma falls (in CIE Lab a paler blue turns violet).
 */
const FABRIC_CHROMA = 0.085;

const lum = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Linear sRGB → OKLab (Björn Ottosson's matrices). */
function toOklab([r, g, b]: number[]): [number, number, number] {
  const l = Math.cbrt(0.4122214708 * r! + 0.5363325363 * g! + 0.0514459929 * b!);
  const m = Math.cbrt(0.2119034982 * r! + 0.6806995451 * g! + 0.1073969566 * b!);
  const s = Math.cbrt(0.0883024619 * r! + 0.2817188376 * g! + 0.6299787005 * b!);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function fromOklab([L, a, b]: number[]): number[] {
  const l = (L! + 0.3963377774 * a! + 0.2158037573 * b!) ** 3;
  const m = (L! - 0.1055613458 * a! - 0.0638541728 * b!) ** 3;
  const s = (L! - 0.0894841775 * a! - 1.291485548 * b!) ** 3;
  return [
    Math.max(0, 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    Math.max(0, -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    Math.max(0, -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** The named colour as a dye, in linear light: its hue, its chroma capped (FABRIC_CHROMA). */
function fabricColour(colour: Rgb): number[] {
  const [L, a, b] = toOklab(colour.map((v) => SRGB_TO_LINEAR[v]!));
  const chroma = Math.hypot(a, b);
  const keep = chroma > FABRIC_CHROMA ? FABRIC_CHROMA / chroma : 1;
  return fromOklab([L, a * keep, b * keep]);
}

/**
 * A new colour for cloth, in linear light: each pixel's light is the cloth's new colour times
 * its own shading (its luminance over the region's mean), so folds, seams, the weave and the
 * highlights stay as they were photographed and only the dye changes; the region's mean
 * luminance moves `pull` of the way (geometrically) to the dye's. The pixel's own colour cast
 * relative to the region's (a warmer lit side, a pattern) is kept at half strength.
 */
export function dye(image: RawImage, mask: Mask, colour: Rgb, pull: number): RawImage {
  const target = fabricColour(colour);
  const targetY = Math.max(1e-4, lum(target[0]!, target[1]!, target[2]!));
  const src = image.data;
  const mean = [0, 0, 0];
  let n = 0;
  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p]! < 128) continue;
    for (let c = 0; c < 3; c++) mean[c] = mean[c]! + SRGB_TO_LINEAR[src[p * 3 + c]!]!;
    n++;
  }
  if (n === 0) return image;
  const meanY = Math.max(1e-4, lum(mean[0]! / n, mean[1]! / n, mean[2]! / n));
  const cast = mean.map((v) => Math.max(1e-4, v / n) / meanY);
  const newMeanY = meanY * (targetY / meanY) ** pull;
  const albedo = target.map((v) => (v * newMeanY) / targetY);
  const out = Buffer.from(src);
  const [aR, aG, aB] = albedo as [number, number, number];
  const [cR, cG, cB] = cast as [number, number, number];
  const tinted = (value: number, y: number, cast: number) =>
    Math.min(2, Math.max(0.5, Math.sqrt(value / y / cast)));
  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p] === 0) continue;
    const i = p * 3;
    const r = SRGB_TO_LINEAR[src[i]!]!;
    const g = SRGB_TO_LINEAR[src[i + 1]!]!;
    const b = SRGB_TO_LINEAR[src[i + 2]!]!;
    const y = lum(r, g, b);
    const shade = y / meanY;
    if (y <= 1e-4) {
      out[i] = linearToSrgbByte(aR * shade);
      out[i + 1] = linearToSrgbByte(aG * shade);
      out[i + 2] = linearToSrgbByte(aB * shade);
      continue;
    }
    out[i] = linearToSrgbByte(aR * shade * tinted(r, y, cR));
    out[i + 1] = linearToSrgbByte(aG * shade * tinted(g, y, cG));
    out[i + 2] = linearToSrgbByte(aB * shade * tinted(b, y, cB));
  }
  return { ...image, data: out };
}
