import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeRoom,
  detectObjects,
  loadDetector,
  regionsOf,
  type RawImage,
} from '@image-lab/engine';
import type { App } from '../src/app.ts';
import { roomUploads } from '../src/db/schema/rooms.ts';
import { readImageBytes } from '../src/features/images/images.service.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';
import { fetchStored } from './image-helpers.ts';
import { processedRoom } from './rooms-helpers.ts';

const lab = (r: number, g: number, b: number) => {
  // sRGB to CIE Lab (D65), enough for a mean colour.
  const lin = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const xyz = [
    (0.4124564 * lin[0]! + 0.3575761 * lin[1]! + 0.1804375 * lin[2]!) / 0.95047,
    0.2126729 * lin[0]! + 0.7151522 * lin[1]! + 0.072175 * lin[2]!,
    (0.0193339 * lin[0]! + 0.119192 * lin[1]! + 0.9503041 * lin[2]!) / 1.08883,
  ].map((t) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116));
  return [116 * xyz[1]! - 16, 500 * (xyz[0]! - xyz[1]!), 200 * (xyz[1]! - xyz[2]!)];
};

function meanLabIn(image: RawImage, mask: Uint8Array): number[] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]! < 200) continue;
    const v = lab(image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!);
    for (let c = 0; c < 3; c++) sum[c]! += v[c]!;
    n++;
  }
  return sum.map((s) => s / n);
}

/** Mean ΔE (CIE76) between two images over a mask (≥ 200). */
function meanDeltaE(a: RawImage, b: RawImage, mask: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]! < 200) continue;
    const i = p * 3;
    const one = lab(a.data[i]!, a.data[i + 1]!, a.data[i + 2]!);
    const two = lab(b.data[i]!, b.data[i + 1]!, b.data[i + 2]!);
    sum += Math.hypot(one[0]! - two[0]!, one[1]! - two[1]!, one[2]! - two[2]!);
    n++;
  }
  return n ? sum / n : 0;
}

const hexLab = (hex: string) =>
  lab(parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16));
const distance = (a: number[], b: number[]) =>
  Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('each stored image of a room design is what it says it is', () => {
  let app: App;
  let headers: Record<string, string>;
  let room: Awaited<ReturnType<typeof processedRoom>>;

  beforeAll(async () => {
    app = await buildTestApp();
    await loadDetector();
    headers = (await newSignedInUser(app)).headers;
    room = await processedRoom(app, headers);
  }, 240_000);
  afterAll(() => app.close());

  it('the removed image lost the pieces it reports removed and nothing else', async () => {
    const { design, uploadId } = room;
    expect(design.pieces.length).toBeGreaterThan(0);
    for (const piece of design.pieces) {
      if (!piece.removed) expect(piece.reason).toBe('too_large');
    }
    const [row] = await app.database.db
      .select()
      .from(roomUploads)
      .where(eq(roomUploads.id, uploadId));
    const original = await decodeRoom(await readImageBytes(app, row!.workingKey!), 100_000);
    const emptied = await decodeRoom(
      await fetchStored(app, design.processedImageUrl, headers),
      100_000,
    );
    const mask = await sharp(await readImageBytes(app, row!.maskKey!))
      .extractChannel(0)
      .raw()
      .toBuffer();
    // Away from what was filled (JPEG blocks aside) the two images are the same photo.
    const { width, height } = original;
    let far = 0;
    let diff = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let near = false;
        for (let dy = -16; dy <= 16 && !near; dy += 4) {
          for (let dx = -16; dx <= 16; dx += 4) {
            const yy = Math.min(height - 1, Math.max(0, y + dy));
            const xx = Math.min(width - 1, Math.max(0, x + dx));
            if (mask[yy * width + xx]! > 127) {
              near = true;
              break;
            }
          }
        }
        if (near) continue;
        far++;
        const i = (y * width + x) * 3;
        for (let c = 0; c < 3; c++) diff += Math.abs(original.data[i + c]! - emptied.data[i + c]!);
      }
    }
    expect(far).toBeGreaterThan(width * height * 0.5);
    expect(diff / (far * 3)).toBeLessThan(1.5);
    // What it reports removed, the detector no longer finds where it stood.
    const after = await detectObjects(emptied);
    for (const piece of design.pieces.filter((p: { removed: boolean }) => p.removed)) {
      const stillThere = after.filter((o) => o.label === piece.label && o.score >= 0.3);
      expect(stillThere.length).toBeLessThan(
        design.pieces.filter((p: { label: string }) => p.label === piece.label).length,
      );
    }
  });

  it('each style has its palette in the wall mask, leaves the ceiling and pictures as they were, and says what it changed', async () => {
    const { design, uploadId } = room;
    const [row] = await app.database.db
      .select()
      .from(roomUploads)
      .where(eq(roomUploads.id, uploadId));
    const original = await decodeRoom(await readImageBytes(app, row!.workingKey!), 100_000);
    const { regions } = await regionsOf(original);
    const wall = regions.wall.mask.data;
    const before = meanLabIn(original, wall);
    const kept = [regions.ceiling.mask.data, regions.picture.mask.data];
    for (const mask of kept) expect(mask.filter((v) => v >= 200).length).toBeGreaterThan(500);
    const palettes = new Set<string>();
    for (const variation of design.variations) {
      expect(variation.report).toMatchObject({ changed: expect.arrayContaining(['walls']) });
      const styled = await decodeRoom(await fetchStored(app, variation.imageUrl, headers), 100_000);
      const target = hexLab(variation.report.palette.wall);
      const after = meanLabIn(styled, wall);
      expect(distance(after, target)).toBeLessThan(distance(before, target));
      expect(distance(after, target)).toBeLessThan(15);
      palettes.add(variation.report.palette.wall);
      // The ceiling and the pictures on the wall keep their colours while the walls change.
      for (const mask of kept) expect(meanDeltaE(original, styled, mask)).toBeLessThan(3);
      expect(meanDeltaE(original, styled, wall)).toBeGreaterThan(8);
    }
    // Four styles, four wall colours: no style was stored under another's name.
    expect(palettes.size).toBe(design.variations.length);
  });
});
