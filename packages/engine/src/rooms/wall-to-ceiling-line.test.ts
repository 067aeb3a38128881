import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, meanDeltaEIn } from '../../test/measure.ts';
import type { RoomRegions } from '../masks/room-regions.ts';
import type { RawImage } from '../raw-image.ts';
import { decodeRoom, regionsOf } from './design-room.ts';
import { applyMaterialStyle } from './material-style.ts';
import { wallUpToCeilingLine } from './wall-to-ceiling-line.ts';

describe('a style wall carried up to the wall–ceiling line', () => {
  const width = 60;
  const height = 80;
  const image: RawImage = { width, height, data: Buffer.alloc(width * height * 3, 200) };
  // A dark picture frame reaches up under the ceiling in columns 40–49, rows 24–60.
  for (let y = 24; y < 60; y++) {
    for (let x = 40; x < 50; x++) image.data.fill(40, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  /** The wall layer as the grid leaves it: painted from row 26 down, the frame kept out. */
  const layer = () => {
    const wall = new Float32Array(width * height);
    for (let y = 26; y < height; y++) {
      for (let x = 0; x < width; x++) wall[y * width + x] = x >= 40 && x < 50 && y < 60 ? 0 : 1;
    }
    return wall;
  };
  const line = new Int32Array(width).fill(20);
  line.fill(-1, 55);

  it('paints the gap under the line, nothing above it, and no frame', () => {
    const wall = layer();
    wallUpToCeilingLine(image, wall, line, 8);
    for (let x = 0; x < 40; x++) {
      for (let y = 0; y < 20; y++) expect(wall[y * width + x]).toBe(0);
      for (let y = 21; y < 26; y++) expect(wall[y * width + x]).toBe(1);
    }
    for (let x = 40; x < 50; x++) {
      for (let y = 21; y < 60; y++) expect(wall[y * width + x]).toBe(0);
    }
  });

  it('leaves columns without a line as they were', () => {
    const wall = layer();
    wallUpToCeilingLine(image, wall, line, 8);
    const before = layer();
    for (let x = 55; x < width; x++) {
      for (let y = 0; y < height; y++) expect(wall[y * width + x]).toBe(before[y * width + x]);
    }
  });
});

describe('the styles at the working size on living-room.jpg', () => {
  let photo: RawImage;
  let regions: RoomRegions;
  beforeAll(async () => {
    photo = await decodeRoom(await fixture('living-room.jpg'), 1600);
    regions = await regionsOf(photo);
  }, 120_000);

  const change = (after: RawImage, x0: number, y0: number, x1: number, y1: number) =>
    meanDeltaEIn(photo, after, [x0, y0, x1, y1]);

  // The palest style and the strongest (each 4 s at this size).
  it.each(['scandinavian', 'bohemian'] as const)(
    '%s: the paint meets the ceiling on its line (y 66), in no bumps above it',
    async (style) => {
      const { image } = await applyMaterialStyle(photo, regions, style);
      // The ceiling's last rows above the crown line, between the curtain and the soffit.
      expect(change(image, 120, 46, 1360, 63)).toBeLessThan(0.5);
      // The wall's first rows under it.
      expect(change(image, 240, 70, 1360, 80)).toBeGreaterThan(10);
    },
    60_000,
  );
});
