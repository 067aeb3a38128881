import sharp from 'sharp';
import { maskBounds, type Mask } from '../src/masks/mask.ts';
import { growRect } from '../src/masks/rect.ts';
import { rawPipeline, type RawImage } from '../src/raw-image.ts';

const TILE = 480;

function outline(mask: Mask, into: Buffer, colour: readonly [number, number, number]) {
  const { width, height, data } = mask;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const p = y * width + x;
      const on = data[p]! >= 128;
      const edge =
        on !== data[p - 1]! >= 128 ||
        on !== data[p + 1]! >= 128 ||
        on !== data[p - width]! >= 128 ||
        on !== data[p + width]! >= 128;
      if (edge) into.set(colour, p * 3);
    }
}

/**
 * before | after | change map. The change map is white where a pixel changed by more than
 * ΔE 2 (grey for 0.5–2); the hand-traced region is outlined in green, the engine's mask in red.
 * With `focus` (a small region: text), a second row shows its surroundings enlarged.
 */
export async function contactSheet(
  before: RawImage,
  after: RawImage | undefined,
  change: Float32Array | undefined,
  hand: Mask | undefined,
  engine: Mask | undefined,
  file: string,
  focus?: Mask,
): Promise<void> {
  const { width, height } = before;
  const map = Buffer.alloc(width * height * 3);
  if (change) {
    for (let p = 0; p < change.length; p++) {
      const v = change[p]! > 2 ? 255 : change[p]! > 0.5 ? 90 : 0;
      map.fill(v, p * 3, p * 3 + 3);
    }
  }
  if (hand) outline(hand, map, [0, 220, 0]);
  if (engine) outline(engine, map, [255, 40, 40]);
  const h = Math.round((height * TILE) / width);
  const images = [before, after ?? before, { width, height, data: map }];
  const tiles = await Promise.all(
    images.map((image) => rawPipeline(image).resize(TILE, h).png().toBuffer()),
  );
  // Small parts (text) get a second row: the region's surroundings, enlarged.
  const area = focus && zoomArea(focus, width, height);
  const zh = area ? Math.round((area.height * TILE) / area.width) : 0;
  const zooms = area
    ? await Promise.all(
        images.map((image) =>
          rawPipeline(image).extract(area).resize(TILE, zh, { kernel: 'nearest' }).png().toBuffer(),
        ),
      )
    : [];
  const rows = [
    ...tiles.map((input, i) => ({ input, left: i * (TILE + 8), top: 0 })),
    ...zooms.map((input, i) => ({ input, left: i * (TILE + 8), top: h + 8 })),
  ];
  const total = area ? h + 8 + zh : h;
  await sharp({ create: { width: TILE * 3 + 16, height: total, channels: 3, background: '#fff' } })
    .composite(rows)
    .png()
    .toFile(file);
}

/** The region's bounds with a margin, when it is small enough in the photo to need enlarging. */
function zoomArea(region: Mask, width: number, height: number) {
  const bounds = maskBounds(region);
  if (!bounds || bounds.width * bounds.height > width * height * 0.25) return null;
  const margin = Math.round(Math.max(bounds.width, bounds.height) * 0.15) + 4;
  return growRect(bounds, margin, width, height);
}
