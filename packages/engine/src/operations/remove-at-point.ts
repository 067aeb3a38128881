import { EngineInputError } from '../errors.ts';
import { SceneMasks } from '../masks/scene-masks.ts';
import type { DetectedObject } from '../models/object-detector.ts';
import { encodeEdit } from '../jpeg/encode-edit.ts';
import { decodeImage } from '../raw-image.ts';
import { EDIT_QUALITY } from './apply.ts';
import { removeFound } from './remove-part.ts';

export interface RemovedAtPoint {
  image: Buffer;
  object: DetectedObject;
  /** What came out, as the report names it ("vase"). */
  target: string;
}

/**
 * The click-to-remove of the local engine: the object under the point, by its outline with its
 * contact shadow, through the rooms' gated removal, as "remove it" on a clicked selection does.
 * Null when no object is under the point; a refusal (too_large, worded per clause like an edit's)
 * when its fill would not sit in its surroundings, so no smear is ever delivered.
 */
export async function removeObjectAtPoint(
  bytes: Buffer,
  point: { x: number; y: number },
  signal?: AbortSignal,
): Promise<RemovedAtPoint | null> {
  const scene = new SceneMasks(await decodeImage(bytes));
  const found = await scene.objectAt(point);
  const object = found.found ? found.objects[0] : undefined;
  if (!found.found || !object) return null;
  const removal = await removeFound(scene.image, found, scene, object.label, signal);
  if (removal.removed === 0) {
    const target = removal.target;
    throw new EngineInputError(
      'too_large',
      `The ${target} was kept: it is too large to remove locally without a visible smear`,
      {
        clauses: [
          { text: `Remove the ${target}`, done: false, code: 'too_large', params: { target } },
        ],
      },
    );
  }
  return {
    image: (await encodeEdit(removal.image, { bytes, pixels: scene.image }, EDIT_QUALITY)).bytes,
    object,
    target: removal.target,
  };
}
