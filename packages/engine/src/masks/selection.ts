import sharp from 'sharp';
import { EngineInputError } from '../errors.ts';
import { isCocoLabel } from '../models/coco-labels.ts';
import type { PercentBox } from '../models/object-detector.ts';
import { chooseObjects } from './choose-objects.ts';
import { maskCoverage, type Mask } from './mask.ts';
import { objectSilhouette } from './object-silhouette.ts';
import { percentToRect } from './rect.ts';
import { decodeImage } from '../raw-image.ts';
import { SceneMasks, type FoundMask } from './scene-masks.ts';

/** What a person selected on the canvas; positions are percentages of the width and height. */
export type Selection =
  /** Any image at the picture's size: light pixels are selected, grey ones partly. */
  | { mask: Buffer }
  /** A click: the object under it. */
  | { point: { x: number; y: number } }
  /** A rectangle: the object inside it, or the rectangle itself when nothing stands out. */
  | { box: PercentBox }
  /** A detected object by its label, the `index`-th from the left (0 = leftmost). */
  | { label: string; index?: number };

async function fromImage(bytes: Buffer, width: number, height: number): Promise<Mask> {
  let decoded: { data: Buffer; info: { width: number; height: number } };
  try {
    decoded = await sharp(bytes, { failOn: 'truncated', limitInputPixels: 50_000_000 })
      .flatten({ background: '#000000' })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new EngineInputError('invalid_mask', 'The selection mask is not a readable image', {
      cause: error,
    });
  }
  if (decoded.info.width !== width || decoded.info.height !== height) {
    throw new EngineInputError(
      'invalid_mask',
      `The selection mask is ${decoded.info.width}×${decoded.info.height}; it must be ${width}×${height} like the image`,
    );
  }
  const mask = { width, height, data: new Uint8Array(decoded.data) };
  if (maskCoverage(mask) * width * height < 16) {
    throw new EngineInputError('invalid_mask', 'The selection mask selects nothing');
  }
  return mask;
}

/** The mask of a selection on this picture, or why there is none. */
export async function selectionMask(scene: SceneMasks, selection: Selection): Promise<FoundMask> {
  const { image } = scene;
  if ('mask' in selection) {
    const mask = await fromImage(selection.mask, image.width, image.height);
    return { found: true, mask, confidence: 1, objects: [] };
  }
  if ('point' in selection) return scene.objectAt(selection.point);
  if ('box' in selection) {
    const { mask, confidence } = await objectSilhouette(image, selection.box);
    if (confidence >= 0.35 && maskCoverage(mask) > 0) {
      return { found: true, mask, confidence, objects: [] };
    }
    const rect = percentToRect(selection.box, image.width, image.height);
    const box: Mask = {
      width: image.width,
      height: image.height,
      data: new Uint8Array(image.width * image.height),
    };
    for (let y = rect.top; y < rect.top + rect.height; y++)
      box.data.fill(255, y * image.width + rect.left, y * image.width + rect.left + rect.width);
    return { found: true, mask: box, confidence: 1, objects: [] };
  }
  if (!isCocoLabel(selection.label)) return { found: false, reason: 'not_found' };
  const chosen = chooseObjects(await scene.objects(), {
    labels: [selection.label],
    ordinal: (selection.index ?? 0) + 1,
  });
  if (chosen.length === 0) return { found: false, reason: 'not_found' };
  return scene.outlineOf(chosen);
}

/**
 * The selection on an encoded picture as a black-and-white PNG at its size (white = selected):
 * what a hosted model's masked call and the compositing of its answer take.
 */
export async function selectionMaskPng(image: Buffer, selection: Selection): Promise<Buffer> {
  const raw = await decodeImage(image);
  const found = await selectionMask(new SceneMasks(raw), selection);
  if (!found.found) {
    throw new EngineInputError('nothing_to_do', 'Nothing was found at the selection');
  }
  return sharp(Buffer.from(found.mask.data), {
    raw: { width: raw.width, height: raw.height, channels: 1 },
  })
    .png()
    .toBuffer();
}
