import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iouWithTracing, tracedRegion } from '../../test/hand-masks.ts';
import { fixture } from '../../test/measure.ts';
import { dilate } from '../inpaint/mask-tools.ts';
import { featherSigma } from '../operations/masked.ts';
import { editPart } from '../operations/part-edits.ts';
import { analyzePrompt } from '../prompt/interpret.ts';
import { decodeImage, type RawImage } from '../raw-image.ts';
import type { Mask } from './mask.ts';
import { SceneMasks, type FoundMask } from './scene-masks.ts';

const EVAL_PHOTOS = path.join(import.meta.dirname, '../../eval/photos');
const photo = async (name: string): Promise<RawImage> =>
  decodeImage(await readFile(path.join(EVAL_PHOTOS, name)));

/** The mask a prompt's first part-naming clause resolves to. */
async function maskFor(scene: SceneMasks, prompt: string): Promise<FoundMask> {
  return scene.resolve(analyzePrompt(prompt).clauses[0]!.target!);
}

function found(result: FoundMask): Mask {
  if (!result.found) throw new Error(`not found: ${result.reason}`);
  return result.mask;
}

/** Share of a rectangle (pixels, right and bottom excluded) that the mask selects. */
function share(mask: Mask, left: number, top: number, right: number, bottom: number): number {
  let on = 0;
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++) if (mask.data[y * mask.width + x]! >= 128) on++;
  return on / ((right - left) * (bottom - top));
}

async function iou(image: RawImage, result: FoundMask, tracing: string): Promise<number> {
  return iouWithTracing(found(result), await tracedRegion(tracing, image.width, image.height));
}

describe('people follow the body, hair and limbs', () => {
  it('outlines the footballer with his arms and boots, not the ball or the crowd', async () => {
    const image = await photo('messi5.jpg');
    const scene = new SceneMasks(image);
    const man = await maskFor(scene, 'make the man brighter');
    expect(await iou(image, man, 'messi-person')).toBeGreaterThanOrEqual(0.9);
    expect(man.found && man.confidence).toBeGreaterThanOrEqual(0.5);
    // The ball at his feet is not him.
    const ball = found(man).data[315 * image.width + 362]!;
    expect(ball).toBeLessThan(128);
  });

  it('picks the person a position word names, and only that one', async () => {
    const street = await photo('scenetext01.jpg');
    const right = await maskFor(new SceneMasks(street), 'make the person on the right blue');
    expect(await iou(street, right, 'scenetext01-person-right')).toBeGreaterThanOrEqual(0.9);
    // The man cut by the left edge is not selected.
    expect(found(right).data[560 * street.width + 30]!).toBe(0);

    const office = await photo('basketball1.png');
    const scene = new SceneMasks(office);
    const left = await maskFor(scene, 'make the man on the left brighter');
    expect(await iou(office, left, 'basketball1-man-left')).toBeGreaterThanOrEqual(0.88);
    const other = await maskFor(scene, 'make the man on the right darker');
    expect(await iou(office, other, 'basketball1-man-right')).toBeGreaterThanOrEqual(0.88);
  });

  it('says there is nobody rather than guessing', async () => {
    const room = await decodeImage(await fixture('living-room.jpg'));
    const scene = new SceneMasks(room);
    expect(await maskFor(scene, 'make the person brighter')).toMatchObject({ found: false });
    expect(await maskFor(scene, 'blur the face')).toEqual({ found: false, reason: 'not_found' });
    expect(await maskFor(scene, 'make the skin warmer')).toMatchObject({ found: false });
  });

  it('will not outline a blur in the crowd it cannot see as a person', async () => {
    // Leftmost "person" in messi5 is a defocused spectator the detector is unsure of.
    const crowd = await maskFor(
      new SceneMasks(await photo('messi5.jpg')),
      'make the person on the left blue',
    );
    expect(crowd).toMatchObject({ found: false, reason: 'low_confidence' });
  });
});

describe('faces are the face mesh oval, one per face', () => {
  it('finds the faces the tracings show (IoU with the hand tracings)', async () => {
    const astronaut = await decodeImage(await fixture('astronaut.png'));
    const face = await maskFor(new SceneMasks(astronaut), 'blur the face');
    expect(await iou(astronaut, face, 'astronaut-face')).toBeGreaterThanOrEqual(0.8);
    expect(face.found && face.confidence).toBeGreaterThanOrEqual(0.5);

    const office = await photo('basketball1.png');
    const faces = await maskFor(new SceneMasks(office), 'pixelate the faces');
    expect(await iou(office, faces, 'basketball1-faces')).toBeGreaterThanOrEqual(0.8);

    // A face 30 px wide, turned down and half under hair: the mesh's oval runs a few pixels
    // inside the lit forehead and the far cheek; widened to the face's skin it takes them
    // (measured 0.78 with the oval alone, 0.87 widened).
    const footballer = await photo('messi5.jpg');
    const small = await maskFor(new SceneMasks(footballer), 'pixelate the faces');
    expect(await iou(footballer, small, 'messi-face')).toBeGreaterThanOrEqual(0.85);
  });

  it('does not take the back of a head for a face', async () => {
    const office = await photo('basketball1.png');
    // The man on the right shows the back of his head: there is no face on the right.
    const right = await maskFor(new SceneMasks(office), 'blur the face on the right');
    expect(right).toEqual({ found: false, reason: 'not_found' });
  });

  it('"pixelate the faces" changes the faces and not one pixel beyond their feathered edge', async () => {
    const image = await photo('basketball2.png');
    const scene = new SceneMasks(image);
    const clause = analyzePrompt('pixelate the faces').clauses[0]!;
    const { image: after, report } = await editPart(image, clause, scene, 0);
    expect(report).toMatchObject({ done: true, code: 'pixelated' });
    const face = found(await scene.resolve(clause.target!));
    const hard = Uint8Array.from(face.data, (v) => (v > 0 ? 1 : 0));
    const reach = Math.ceil(3 * featherSigma(image.width, image.height)) + 1;
    const near = dilate(hard, image.width, image.height, reach);
    let changedOutside = 0;
    let changeInside = 0;
    let inside = 0;
    for (let p = 0; p < hard.length; p++) {
      const delta =
        Math.abs(after.data[p * 3]! - image.data[p * 3]!) +
        Math.abs(after.data[p * 3 + 1]! - image.data[p * 3 + 1]!) +
        Math.abs(after.data[p * 3 + 2]! - image.data[p * 3 + 2]!);
      if (!near[p] && delta > 0) changedOutside++;
      if (face.data[p] === 255) {
        changeInside += delta;
        inside++;
      }
    }
    expect(changedOutside).toBe(0);
    // The face is blocks now: its pixels moved by 20 levels (of 765) on average.
    expect(changeInside / inside).toBeGreaterThan(20);
  });
});

describe('skin', () => {
  it('is the skin colour of the faces, inside the people', async () => {
    const image = await photo('messi5.jpg');
    const scene = new SceneMasks(image);
    const skin = found(await maskFor(scene, 'make the skin warmer'));
    const face = await tracedRegion('messi-face', image.width, image.height);
    let faceSkin = 0;
    let faceAll = 0;
    for (let p = 0; p < face.mask.data.length; p++) {
      if (face.mask.data[p] !== 255) continue;
      faceAll++;
      if (skin.data[p]! >= 128) faceSkin++;
    }
    expect(faceSkin / faceAll).toBeGreaterThan(0.6);
    // The forearm reaching left is skin; the red and blue shirt is not.
    expect(share(skin, 112, 108, 140, 113)).toBeGreaterThan(0.6);
    expect(share(skin, 220, 160, 280, 200)).toBeLessThan(0.02);
    // Nothing outside the people: the crowd's and the pitch's colours are not tested.
    expect(skin.data[320 * image.width + 500]!).toBe(0);
  });

  it('is not guessed in a black-and-white photo', async () => {
    const office = await photo('basketball1.png');
    expect(await maskFor(new SceneMasks(office), 'make the skin warmer')).toMatchObject({
      found: false,
      reason: 'low_confidence',
    });
  });
});
