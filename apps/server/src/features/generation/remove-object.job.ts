import type { FastifyInstance } from 'fastify';
import { NOTHING_AT_POINT } from '@image-lab/contract';
import {
  objectAt,
  removeObjectAtPointOnThread,
  selectionMaskPng,
  sourceTypeOf,
  withResultMetadata,
  type DetectedObject,
  type Provider,
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
 * The job. The local engine takes the object under the point out through the rooms' gated
 * removal (outline with contact shadow, room fill, quality gate: a piece too large stays and the
 * job is refused, never a smear). A hosted inpainter gets the same outline as its mask.
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
        const { status, code, message, title, details } = refusal;
        return { ok: false, error: { status, code, message, title, details } };
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
  const removal =
    inpainter.id === 'local'
      ? await removeLocally(bytes, payload.point, context)
      : await removeHosted(bytes, payload.point, inpainter, detector, context);
  const { data } = await withResultMetadata(removal.image, {
    source: await readImageBytes(app, payload.sourceKey),
    sourceType: sourceTypeOf(inpainter.id, true),
    step: `Remove object: ${removal.object.label} (${inpainter.id})`,
  });
  await app.storage.put(payload.resultKey, data, 'image/jpeg');
  const { width, height } = await describeImage(data);
  const { label, score, box } = removal.object;
  return {
    ok: true,
    provider: inpainter.id,
    removed: { label, score, box },
    width,
    height,
    bytes: data.length,
    applied: [`Removed ${label === 'dining table' ? 'table' : label}`, ...removal.applied],
  };
}

interface Removal {
  image: Buffer;
  object: DetectedObject;
  applied: string[];
}

const nothingAtPoint = () => new AppError(422, 'nothing_at_point', NOTHING_AT_POINT);

async function removeLocally(
  bytes: Buffer,
  point: { x: number; y: number },
  context: JobContext,
): Promise<Removal> {
  await context.progress(10);
  const removed = await removeObjectAtPointOnThread(bytes, point);
  if (!removed) throw nothingAtPoint();
  return { image: removed.image, object: removed.object, applied: [] };
}

async function removeHosted(
  bytes: Buffer,
  point: { x: number; y: number },
  inpainter: Provider,
  detector: Provider,
  context: JobContext,
): Promise<Removal> {
  const hit = objectAt(await detector.detectObjects!(bytes), point);
  if (!hit) throw nothingAtPoint();
  await context.progress(25);
  const mask = await selectionMaskPng(bytes, { point });
  await context.progress(35);
  const result = await inpainter.inpaint!({
    image: bytes,
    mask,
    prompt: `Remove the ${hit.label}; continue the surroundings`,
    onProgress: (f) => void context.progress(Math.round(35 + f * 55)),
  });
  const made = result.images[0];
  if (!made) throw new AppError(502, 'no_result', 'Image generation failed');
  return { image: made, object: hit, applied: result.applied };
}
