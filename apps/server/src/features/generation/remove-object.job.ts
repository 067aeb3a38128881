import type { FastifyInstance } from 'fastify';
import { NOTHING_AT_POINT } from '@image-lab/contract';
import {
  decodeImage,
  encodeImage,
  objectAt,
  objectMask,
  sourceTypeOf,
  withResultMetadata,
  type DetectedObject,
} from '@image-lab/engine';
import { describeImage } from '@image-lab/engine/delivery';
import { AppError } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/jobs.ts';
import {
  readImageBytes,
  readWorkingBytes,
  translateEngineError,
} from '../images/images.service.ts';
import type { JobRefusal } from '../../platform/job-run.ts';

export const REMOVE_OBJECT_JOB = 'remove-object';

/** JSON only: with BullMQ the job may run in another process, which reads files by key. */
export interface RemoveObjectPayload {
  sourceKey: string;
  point: { x: number; y: number };
  resultKey: string;
}

export interface RemoveObjectSuccess {
  ok: true;
  provider: string;
  removed: Pick<DetectedObject, 'label' | 'score' | 'box'>;
  width: number;
  height: number;
  bytes: number;
  applied: string[];
}

export type RemoveObjectResult = RemoveObjectSuccess | JobRefusal;

export const removalUnavailable = () =>
  new AppError(501, 'capability_unavailable', 'Object removal is not available on this server');

/**
 * The job: detect, take the smallest box under the point, refine it to a mask, let the inpaint
 * provider fill it (the local exemplar fill or a hosted model with the same mask), store it.
 */
export function defineRemoveObjectJob(app: FastifyInstance) {
  app.jobs.define<RemoveObjectPayload, RemoveObjectResult>(
    REMOVE_OBJECT_JOB,
    async (payload, context) => {
      try {
        return await removeObjectJob(app, payload, context);
      } catch (error) {
        const refusal = translateEngineError(error);
        if (!(refusal instanceof AppError)) throw error;
        const { status, code, message, title } = refusal;
        return { ok: false, error: { status, code, message, title } };
      }
    },
  );
}

async function removeObjectJob(
  app: FastifyInstance,
  payload: RemoveObjectPayload,
  context: JobContext,
): Promise<RemoveObjectSuccess> {
  const detector = app.engine.for('detectObjects');
  const inpainter = app.engine.for('inpaint');
  if (!detector?.detectObjects || !inpainter?.inpaint) throw removalUnavailable();
  const bytes = await readWorkingBytes(app, payload.sourceKey);
  const hit = objectAt(await detector.detectObjects(bytes), payload.point);
  if (!hit) throw new AppError(422, 'nothing_at_point', NOTHING_AT_POINT);
  await context.progress(25);
  const image = await decodeImage(bytes);
  const mask = await objectMask(image, hit.box);
  const maskImage = await encodeImage(
    { width: image.width, height: image.height, data: Buffer.from(expandToRgb(mask)) },
    'png',
  );
  await context.progress(35);
  const result = await inpainter.inpaint({
    image: bytes,
    mask: maskImage,
    prompt: `Remove the ${hit.label}; continue the surroundings`,
    onProgress: (f) => void context.progress(Math.round(35 + f * 55)),
  });
  const made = result.images[0];
  if (!made) throw new AppError(502, 'no_result', 'Image generation failed');
  const { data } = await withResultMetadata(made, {
    source: await readImageBytes(app, payload.sourceKey),
    sourceType: sourceTypeOf(inpainter.id, true),
    step: `Remove object: ${hit.label} (${inpainter.id})`,
  });
  await app.storage.put(payload.resultKey, data, 'image/jpeg');
  const { width, height } = await describeImage(data);
  return {
    ok: true,
    provider: inpainter.id,
    removed: { label: hit.label, score: hit.score, box: hit.box },
    width,
    height,
    bytes: data.length,
    applied: [`Removed ${hit.label === 'dining table' ? 'table' : hit.label}`, ...result.applied],
  };
}

function expandToRgb(mask: Uint8Array): Uint8Array {
  const rgb = new Uint8Array(mask.length * 3);
  for (let p = 0; p < mask.length; p++) {
    const v = mask[p] ? 255 : 0;
    rgb[p * 3] = v;
    rgb[p * 3 + 1] = v;
    rgb[p * 3 + 2] = v;
  }
  return rgb;
}
