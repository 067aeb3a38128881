import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage, type RawImage } from '../raw-image.ts';
import { encodeEdit } from './encode-edit.ts';
import { readJpegBlocks } from './jpeg-read.ts';
import { writeJpeg } from './jpeg-write.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures');

/** A blue disc painted into the picture with a soft edge, as a masked recolour leaves it. */
function paintDisc(image: RawImage, cx: number, cy: number, radius: number): RawImage {
  const data = Buffer.from(image.data);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const t = Math.min(1, Math.max(0, radius + 2 - Math.hypot(x - cx, y - cy)) / 4);
      if (t === 0) continue;
      const i = (y * image.width + x) * 3;
      data[i] = Math.round(data[i]! * (1 - t) + 40 * t);
      data[i + 1] = Math.round(data[i + 1]! * (1 - t) + 80 * t);
      data[i + 2] = Math.round(data[i + 2]! * (1 - t) + 220 * t);
    }
  return { ...image, data };
}

/** Largest channel difference of pixels farther than `beyond` px from the disc's edge. */
function worstOutside(a: RawImage, b: RawImage, cx: number, cy: number, edge: number): number {
  let worst = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      if (Math.hypot(x - cx, y - cy) < edge) continue;
      const i = (y * a.width + x) * 3;
      for (let c = 0; c < 3; c++)
        worst = Math.max(worst, Math.abs(a.data[i + c]! - b.data[i + c]!));
    }
  return worst;
}

describe('encoding a masked edit', () => {
  it('reads a progressive 4:2:0 JPEG’s blocks and writes them back to the same pixels', async () => {
    const bytes = await readFile(path.join(FIXTURES, 'living-room.jpg'));
    const again = writeJpeg(readJpegBlocks(bytes));
    const [a, b] = await Promise.all([bytes, again].map((x) => sharp(x).raw().toBuffer()));
    expect(b!.equals(a!)).toBe(true);
  });

  it('keeps every pixel beyond one MCU of the change exactly as the source decodes', async () => {
    for (const name of ['living-room.jpg', 'rocket.jpg']) {
      const bytes = await readFile(path.join(FIXTURES, name));
      const pixels = await decodeImage(bytes);
      const cx = pixels.width * 0.4;
      const cy = pixels.height * 0.5;
      const radius = pixels.height * 0.15;
      const edited = paintDisc(pixels, cx, cy, radius);
      const result = await encodeEdit(edited, { bytes, pixels }, 92);
      expect(result.how).toBe('blocks');
      const back = await decodeImage(result.bytes);
      // The feather reaches 2 px past the radius; a re-encoded MCU is at most 16 px across.
      expect(worstOutside(back, pixels, cx, cy, radius + 2 + 16 * Math.SQRT2 + 1)).toBe(0);
      // Inside, the new colour is there (rocket.jpg carries an Adobe RGB profile: converted).
      const centre = (Math.round(cy) * pixels.width + Math.round(cx)) * 3;
      expect(back.data[centre + 2]! - back.data[centre]!).toBeGreaterThan(120);
      // About the source's size: its blocks and its quality.
      expect(result.bytes.length).toBeLessThan(bytes.length * 1.15);
    }
  });

  it('checks its result by decoding it, and encodes from pixels when kept blocks come out wrong', async () => {
    const bytes = await readFile(path.join(FIXTURES, 'living-room.jpg'));
    const decoded = await decodeImage(bytes);
    // Pixels that are not what the bytes decode to: a disc the source file does not have, which
    // the edit leaves alone. Its MCUs are "unchanged", so they would be kept from the bytes.
    const pixels = paintDisc(decoded, decoded.width * 0.8, decoded.height * 0.3, 40);
    const edited = paintDisc(pixels, decoded.width * 0.3, decoded.height * 0.5, 60);
    const result = await encodeEdit(edited, { bytes, pixels }, 92);
    expect(result.how).toBe('pixels');
    // With pixels that match the bytes, the same edit keeps the blocks.
    const honest = paintDisc(decoded, decoded.width * 0.3, decoded.height * 0.5, 60);
    expect((await encodeEdit(honest, { bytes, pixels: decoded }, 92)).how).toBe('blocks');
  });

  it('keeps the blocks of what a masked edit left, however much of the picture it changed', async () => {
    const bytes = await readFile(path.join(FIXTURES, 'living-room.jpg'));
    const pixels = await decodeImage(bytes);
    // A blurred background: everything but a disc in the middle changes.
    const data = Buffer.from(pixels.data);
    for (let y = 0; y < pixels.height; y++)
      for (let x = 0; x < pixels.width; x++) {
        if (Math.hypot(x - 800, y - 480) < 300) continue;
        const i = (y * pixels.width + x) * 3;
        for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, data[i + c]! + 12);
      }
    const edited = { ...pixels, data };
    const masked = await encodeEdit(edited, { bytes, pixels }, 92, { masked: true });
    expect(masked.how).toBe('blocks');
    expect(masked.changedShare).toBeGreaterThan(0.6);
    const back = await decodeImage(masked.bytes);
    // Inside the disc, beyond one MCU of its edge, the source's pixels exactly.
    let differing = 0;
    for (let y = 0; y < pixels.height; y++)
      for (let x = 0; x < pixels.width; x++) {
        if (Math.hypot(x - 800, y - 480) > 300 - 16 * Math.SQRT2 - 2) continue;
        const i = (y * pixels.width + x) * 3;
        for (let c = 0; c < 3; c++) if (back.data[i + c] !== pixels.data[i + c]) differing++;
      }
    expect(differing).toBe(0);
    // Without the word that it is masked, the same change is a whole-picture one.
    const whole = await encodeEdit(edited, { bytes, pixels }, 92);
    expect(whole.how).toBe('pixels');
  });

  it('encodes a whole-picture change, or a PNG source, from its pixels', async () => {
    const bytes = await readFile(path.join(FIXTURES, 'cat.png'));
    const pixels = await decodeImage(bytes);
    const edited = paintDisc(pixels, 200, 150, 40);
    const masked = await encodeEdit(edited, { bytes, pixels }, 92);
    expect(masked.how).toBe('pixels');
    // A masked edit of a PNG is encoded at 98 with full chroma: close to the source outside.
    const back = await decodeImage(masked.bytes);
    expect(worstOutside(back, pixels, 200, 150, 60)).toBeLessThanOrEqual(12);
    const jpeg = await readFile(path.join(FIXTURES, 'living-room.jpg'));
    const source = await decodeImage(jpeg);
    const brighter = {
      ...source,
      data: Buffer.from(source.data.map((v) => Math.min(255, v + 20))),
    };
    const whole = await encodeEdit(brighter, { bytes: jpeg, pixels: source }, 92);
    expect(whole).toMatchObject({ how: 'pixels', changedShare: 1 });
  });
});
