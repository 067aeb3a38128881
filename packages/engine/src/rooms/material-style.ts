import { labToRgb, rgbToLab, type Rgb } from '../colour.ts';
import type { RoomRegions } from '../masks/room-regions.ts';
import type { RawImage } from '../raw-image.ts';
import { ROOM_LOOKS, type RoomStyle } from './room-styles.ts';
import { styleLayers, type StyleLayers } from './style-layers.ts';

export { UPHOLSTERED } from './style-layers.ts';

/** The parts a style can change, in the order a report lists them. */
export type ChangedPart = 'walls' | 'floor' | 'upholstery' | 'light';
/** The parts a style leaves as they are, when the photo has them. */
export type KeptPart = 'ceiling' | 'pictures' | 'windows' | 'doors' | 'plants';

export interface StyleReport {
  changed: ChangedPart[];
  /** Detector labels of the pieces recoloured (upholstery), one per piece. */
  pieces: string[];
  kept: KeptPart[];
  /** The style's palette: what the walls, floor and upholstery were given. */
  palette: { wall: string; floor: string; upholstery: string };
}

/** How far each surface moves towards the palette (1 = the palette's mean exactly). */
const TOWARDS = { wall: 0.9, floor: 0.65, upholstery: 0.75 } as const;
/**
 * The largest change of lightness: a dark wood wall painted white in one step shows every
 * pixel the wall mask missed as a dark outline, and no longer looks like the same room.
 */
const MAX_LIGHTNESS_SHIFT = 24;

const hex = (rgb: Rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function labOf(rgb: Rgb): number[] {
  const out = [0, 0, 0];
  rgbToLab(rgb[0], rgb[1], rgb[2], out);
  return out;
}

/** Mean Lab of an image under a soft mask, and the mask's weight. */
function meanLab(image: RawImage, weight: Float32Array): { lab: number[]; weight: number } {
  const sum = [0, 0, 0];
  let total = 0;
  const out = [0, 0, 0];
  for (let p = 0; p < weight.length; p += 3) {
    const m = weight[p]!;
    if (m < 0.5) continue;
    rgbToLab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, out);
    for (let c = 0; c < 3; c++) sum[c]! += out[c]! * m;
    total += m;
  }
  return { lab: total ? sum.map((s) => s / total) : [50, 0, 0], weight: total };
}

/**
 * A style as material changes inside the room's own regions: the walls take the palette's
 * wall colour, the floor its floor tone, the upholstered pieces its fabric colour, each as a
 * shift of lightness and colour that keeps the photo's shading and texture; the style's light
 * (white balance, exposure) falls on those surfaces only. Ceiling, pictures, windows, doors
 * and plants are subtracted from every change, so they keep their colours exactly.
 */
export async function applyMaterialStyle(
  image: RawImage,
  regions: RoomRegions,
  style: RoomStyle,
  /** Where the style paints, when worked out already (the same for every style of a room). */
  given?: StyleLayers,
): Promise<{ image: RawImage; report: StyleReport }> {
  const look = ROOM_LOOKS[style];
  const kept: KeptPart[] = [];
  const keptParts: Array<[KeptPart, keyof RoomRegions['regions']]> = [
    ['ceiling', 'ceiling'],
    ['pictures', 'picture'],
    ['windows', 'window'],
    ['doors', 'door'],
    ['plants', 'plant'],
  ];
  for (const [part, name] of keptParts) if (regions.regions[name].confidence > 0) kept.push(part);
  const layers = given ?? (await styleLayers(image, regions));
  const surfaces: Array<{ part: ChangedPart; weight: Float32Array; target: Rgb; s: number }> = [];
  const changed: ChangedPart[] = [];
  if (layers.wall) {
    surfaces.push({ part: 'walls', weight: layers.wall, target: look.wall, s: TOWARDS.wall });
  }
  if (layers.floor) {
    surfaces.push({ part: 'floor', weight: layers.floor, target: look.floor, s: TOWARDS.floor });
  }
  if (layers.upholstery) {
    surfaces.push({
      part: 'upholstery',
      weight: layers.upholstery,
      target: look.furniture,
      s: TOWARDS.upholstery,
    });
  }
  const n = image.width * image.height;

  // The layers share a pixel where two surfaces meet (a cushion's top against the wall): each
  // takes its part of the pixel, and the parts add up. Laid one over the other instead, a pixel
  // half wall and half cushion kept a quarter of its old colour: a pale seam along every edge.
  const change = new Float32Array(n * 3);
  const share = new Float32Array(n);
  const lab = [0, 0, 0];
  const rgb = [0, 0, 0];
  const light = look.light.map((g) => g * look.exposure);
  for (const surface of surfaces) {
    changed.push(surface.part);
    const mean = meanLab(image, surface.weight);
    const target = labOf(surface.target);
    const shift = target.map((t, c) => (t - mean.lab[c]!) * surface.s);
    shift[0] = Math.max(-MAX_LIGHTNESS_SHIFT, Math.min(MAX_LIGHTNESS_SHIFT, shift[0]!));
    for (let p = 0; p < n; p++) {
      const m = surface.weight[p]!;
      if (m <= 0.004) continue;
      const i = p * 3;
      rgbToLab(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, lab);
      labToRgb(lab[0]! + shift[0]!, lab[1]! + shift[1]!, lab[2]! + shift[2]!, rgb);
      for (let c = 0; c < 3; c++) {
        const styled = Math.min(255, rgb[c]! * light[c]!);
        change[i + c]! += (styled - image.data[i + c]!) * m;
      }
      share[p]! += m;
    }
  }
  const out = Buffer.from(image.data);
  for (let p = 0; p < n; p++) {
    if (share[p] === 0) continue;
    const scale = share[p]! > 1 ? 1 / share[p]! : 1;
    for (let c = p * 3; c < p * 3 + 3; c++) {
      out[c] = Math.max(0, Math.min(255, Math.round(image.data[c]! + change[c]! * scale)));
    }
  }
  if (surfaces.length > 0 && light.some((g) => Math.abs(g - 1) > 0.01)) changed.push('light');
  return {
    image: { ...image, data: out },
    report: {
      changed,
      pieces: layers.pieces,
      kept,
      palette: { wall: hex(look.wall), floor: hex(look.floor), upholstery: hex(look.furniture) },
    },
  };
}
