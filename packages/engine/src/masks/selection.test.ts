import { describe, expect, it } from 'vitest';
import { fixture, rectangleMask } from '../../test/measure.ts';
import { createLocalProvider } from '../local-provider.ts';
import { decodeImage } from '../raw-image.ts';

const provider = createLocalProvider();

const channel = (image: { data: Buffer; width: number }, x: number, y: number, c: number) =>
  image.data[(y * image.width + x) * 3 + c]!;

describe('edits on a selection', () => {
  it('"make it blue" changes only the selected part', async () => {
    const photo = await fixture('living-room.jpg', 400);
    const { width, height } = await decodeImage(photo);
    const mask = await rectangleMask(width, height, 0.3, 0.62, 0.6, 0.72);
    const result = await provider.edit!({
      image: photo,
      prompt: 'make it blue',
      numImages: 1,
      selection: { mask },
    });
    expect(result.clauses?.[0]).toMatchObject({ done: true, code: 'recoloured' });
    const before = await decodeImage(photo);
    const after = await decodeImage(result.images[0]!);
    const [x, y] = [Math.round(width * 0.45), Math.round(height * 0.67)];
    expect(channel(after, x, y, 2) - channel(after, x, y, 0)).toBeGreaterThan(60);
    // The painting on the wall, far from the selection, keeps its colours.
    const [px, py] = [Math.round(width * 0.45), Math.round(height * 0.35)];
    for (let c = 0; c < 3; c++) {
      expect(Math.abs(channel(after, px, py, c) - channel(before, px, py, c))).toBeLessThan(6);
    }
  });

  it('refuses a mask of the wrong size, an unreadable one and an empty one', async () => {
    const photo = await fixture('living-room.jpg', 400);
    const { width, height } = await decodeImage(photo);
    const edit = (mask: Buffer) =>
      provider.edit!({ image: photo, prompt: 'make it blue', numImages: 1, selection: { mask } });
    await expect(edit(await rectangleMask(width + 10, height, 0, 0, 1, 1))).rejects.toMatchObject({
      code: 'invalid_mask',
    });
    await expect(edit(Buffer.from('not an image'))).rejects.toMatchObject({ code: 'invalid_mask' });
    await expect(edit(await rectangleMask(width, height, 0, 0, 0, 0))).rejects.toMatchObject({
      code: 'invalid_mask',
    });
  });

  it('a click on the sofa selects the sofa; "remove it" keeps it, as its fill would show', async () => {
    const photo = await fixture('living-room.jpg', 640);
    await expect(
      provider.edit!({
        image: photo,
        prompt: 'remove it',
        numImages: 1,
        selection: { point: { x: 45, y: 65 } },
      }),
    ).rejects.toMatchObject({
      code: 'nothing_to_do',
      clauses: [{ done: false, code: 'too_large', params: { target: 'couch' } }],
    });
  });
});
