import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, holePsnr } from '../../test/measure.ts';
import { SceneMasks } from '../masks/scene-masks.ts';
import { analyzePrompt, onSelection } from '../prompt/interpret.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import { pieceHole } from '../rooms/remove-pieces.ts';
import { removeInPart } from './remove-part.ts';

/** A selection of a rectangle (in pixels) on this photo, as the canvas sends it. */
function select(scene: SceneMasks, x: number, y: number, w: number, h: number) {
  const { width, height } = scene.image;
  const data = new Uint8Array(width * height);
  for (let row = y; row < y + h; row++) data.fill(255, row * width + x, row * width + x + w);
  scene.selection = { found: true, mask: { width, height, data }, confidence: 1, objects: [] };
  return { width, height, data };
}

/** "remove it", aimed at the selection. */
const removeIt = () => onSelection(analyzePrompt('remove it').clauses[0]!, 'remove it');

describe('the editor takes objects out with the rooms’ fill and quality gate', () => {
  let photo: RawImage;
  beforeAll(async () => {
    photo = await decodeImage(await fixture('living-room.jpg', 640));
  });

  it('fills a small selected block on the plain wall, so the wall comes back', async () => {
    // A dark 36×28 px block pasted on the wall right of the painting, then selected.
    const data = Buffer.from(photo.data);
    for (let y = 60; y < 88; y++)
      for (let x = 500; x < 536; x++) data.set([40, 30, 25], (y * 640 + x) * 3);
    const image = { ...photo, data };
    const scene = new SceneMasks(image);
    const mask = select(scene, 500, 60, 36, 28);
    const { image: after, report } = await removeInPart(image, removeIt(), scene);
    expect(report).toMatchObject({
      done: true,
      code: 'removed',
      params: { target: 'selection', count: 1 },
    });
    const box = {
      x: (500 / 640) * 100,
      y: (60 / 384) * 100,
      width: (36 / 640) * 100,
      height: (28 / 384) * 100,
    };
    const hole = pieceHole({ box, mask }, photo.width, photo.height);
    expect(holePsnr(after, photo, hole)).toBeGreaterThan(30);
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) expect(after.data[p * 3 + 1]).toBe(image.data[p * 3 + 1]);
    }
  });

  it('leaves a selection too large to fill well as it was and says so', async () => {
    const scene = new SceneMasks(photo);
    select(scene, 100, 180, 400, 150);
    const { image, report } = await removeInPart(photo, removeIt(), scene);
    expect(report).toEqual({
      text: 'remove it',
      done: false,
      code: 'too_large',
      params: { target: 'selection' },
    });
    expect(Buffer.compare(image.data, photo.data)).toBe(0);
  });

  it('keeps the sofa ("remove the sofa"): its hole is past the gate, nothing changes', async () => {
    const scene = new SceneMasks(photo);
    const clause = analyzePrompt('remove the sofa').clauses[0]!;
    const { image, report } = await removeInPart(photo, clause, scene);
    expect(report).toMatchObject({ done: false, code: 'too_large', params: { target: 'couch' } });
    expect(Buffer.compare(image.data, photo.data)).toBe(0);
  }, 60_000);
});
