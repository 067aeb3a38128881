import { beforeAll, describe, expect, it } from 'vitest';
import { handMask } from '../../test/hand-masks.ts';
import { fixture } from '../../test/measure.ts';
import { parseHex, rgbToLab } from '../colour.ts';
import type { Mask } from '../masks/mask.ts';
import type { RoomRegions } from '../masks/room-regions.ts';
import type { RawImage } from '../raw-image.ts';
import { decodeRoom, regionsOf } from './design-room.ts';
import { applyMaterialStyle } from './material-style.ts';
import { ROOM_LOOKS, ROOM_STYLES } from './room-styles.ts';

const lab = (r: number, g: number, b: number) => {
  const out = [0, 0, 0];
  rgbToLab(r, g, b, out);
  return out;
};

/** Mean CIE76 difference between two images over a mask's pixels. */
function meanDeltaE(a: RawImage, b: RawImage, mask: Mask): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p]! < 128) continue;
    const i = p * 3;
    const x = lab(a.data[i]!, a.data[i + 1]!, a.data[i + 2]!);
    const y = lab(b.data[i]!, b.data[i + 1]!, b.data[i + 2]!);
    sum += Math.hypot(x[0]! - y[0]!, x[1]! - y[1]!, x[2]! - y[2]!);
    n++;
  }
  return sum / n;
}

/** Distance of the mean colour of an image under a mask from a colour. */
function meanDistanceTo(image: RawImage, mask: Mask, hex: string): number {
  const sum = [0, 0, 0];
  let n = 0;
  for (let p = 0; p < mask.data.length; p++) {
    if (mask.data[p]! < 128) continue;
    const v = lab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!);
    for (let c = 0; c < 3; c++) sum[c]! += v[c]!;
    n++;
  }
  const target = lab(...parseHex(hex));
  return Math.hypot(...sum.map((s, c) => s / n - target[c]!));
}

describe('styles as material changes on living-room.jpg', () => {
  let photo: RawImage;
  let regions: RoomRegions;
  let masks: Record<'picture' | 'ceiling' | 'wall', Mask>;
  beforeAll(async () => {
    photo = await decodeRoom(await fixture('living-room.jpg'), 800);
    regions = await regionsOf(photo);
    const of = (name: string) => handMask(name, photo.width, photo.height);
    masks = { picture: await of('picture'), ceiling: await of('ceiling'), wall: await of('wall') };
  }, 120_000);

  it.each(ROOM_STYLES)(
    '%s: pictures and ceiling keep their colours, the walls take the palette',
    async (style) => {
      const { image, report } = await applyMaterialStyle(photo, regions, style);
      expect(meanDeltaE(photo, image, masks.picture)).toBeLessThan(3);
      expect(meanDeltaE(photo, image, masks.ceiling)).toBeLessThan(3);

      const palette = ROOM_LOOKS[style].wall;
      const before = meanDistanceTo(photo, masks.wall, report.palette.wall);
      const after = meanDistanceTo(image, masks.wall, report.palette.wall);
      expect(report.palette.wall).toBe(
        `#${palette.map((v) => v.toString(16).padStart(2, '0')).join('')}`,
      );
      expect(after).toBeLessThan(12);
      expect(after).toBeLessThan(before);
      expect(report.changed).toEqual(['walls', 'floor', 'upholstery', 'light']);
      expect(report.pieces).toContain('couch');
      expect(report.kept).toEqual(expect.arrayContaining(['ceiling', 'pictures']));
    },
    60_000,
  );
});
