import type { FastifyInstance } from 'fastify';
import {
  serveEdit,
  sourceTypeOf,
  withResultMetadata,
  type AspectRatio,
  type ImageResult,
  type Selection,
} from '@image-lab/engine';
import type { EditSelection } from '@image-lab/contract';
import { describeImage } from '@image-lab/engine/delivery';
import { AppError } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/jobs.ts';
import {
  readImageBytes,
  readWorkingBytes,
  translateEngineError,
} from '../images/images.service.ts';
import { refuseUnsafeImage } from '../../platform/moderation.ts';
import type { JobRefusal } from '../../platform/job-run.ts';

export const EDIT_JOB = 'edit-image';

/** JSON only: with BullMQ the job may run in another process, which reads files by key. */
export interface EditJobPayload {
  sourceKey?: string;
  referenceKey?: string;
  prompt: string;
  preset?: string;
  numImages: number;
  aspectRatio: AspectRatio;
  /** Generating from a crop: the size its ratio gives (working areas §9). */
  size?: { width: number; height: number };
  resultKeys: string[];
  /** A selection by point, box or label: only that part may change. */
  selection?: EditSelection;
  /** A drawn selection mask (PNG), stored like the reference. */
  maskKey?: string;
}

export interface EditJobSuccess {
  ok: true;
  results: { key: string; width: number; height: number; bytes: number }[];
  applied: string[];
  unsupported: string[];
  clauses?: ImageResult['clauses'];
  provider: string;
  /** A provider's C2PA manifest: kept in the result's bytes, or lost to re-encoding. */
  contentCredentials?: 'kept' | 'lost';
}

export type EditJobResult = EditJobSuccess | JobRefusal;

export const editTimedOut = () =>
  new AppError(504, 'timeout', 'Image generation took too long. Please try again.');

/** The job: read the inputs, let the engine work, write each result under its reserved key. */
export function defineEditJob(app: FastifyInstance) {
  app.jobs.define<EditJobPayload, EditJobResult>(EDIT_JOB, async (payload, context) => {
    try {
      return await editJob(app, payload, context);
    } catch (error) {
      const refusal = translateEngineError(error);
      if (!(refusal instanceof AppError)) throw error;
      const { status, code, message, title, details } = refusal;
      return { ok: false, error: { status, code, message, title, details } };
    }
  });
}

async function editJob(
  app: FastifyInstance,
  payload: EditJobPayload,
  context: JobContext,
): Promise<EditJobSuccess> {
  // The engine works on the working copy; the result's metadata comes from the original.
  const source = payload.sourceKey ? await readWorkingBytes(app, payload.sourceKey) : undefined;
  const original = payload.sourceKey ? await readImageBytes(app, payload.sourceKey) : undefined;
  const reference = payload.referenceKey
    ? await readWorkingBytes(app, payload.referenceKey)
    : undefined;
  const mask = payload.maskKey ? await readImageBytes(app, payload.maskKey) : undefined;
  const selection: Selection | undefined = mask ? { mask } : payload.selection;
  await context.progress(10);
  let last = 10;
  // The engine decides which capability serves the request (generate, a preset, an edit).
  const { result, provider } = await serveEdit(app.engine, {
    image: source,
    prompt: payload.prompt,
    preset: payload.preset,
    numImages: payload.numImages,
    aspectRatio: payload.aspectRatio,
    size: payload.size,
    reference,
    selection,
    background: context.background,
    onProgress: (f) => {
      const percent = Math.round(10 + Math.max(0, Math.min(1, f)) * 80);
      if (percent >= last + 5) {
        last = percent;
        void context.progress(percent);
      }
    },
  });
  const made = result.images.slice(0, payload.resultKeys.length);
  if (made.length === 0) throw new AppError(502, 'no_result', 'Image generation failed');
  // A result the classifier refuses is never written (the request refunds its credits).
  for (const image of made) await refuseUnsafeImage(app, image);
  const labelled = await Promise.all(
    made.map((image) =>
      withResultMetadata(image, {
        source: original,
        sourceType: sourceTypeOf(provider, source !== undefined),
        step: stepOf(payload, provider, source !== undefined),
      }),
    ),
  );
  const images = labelled.map((l) => l.data);
  const contentCredentials = labelled.some((l) => l.contentCredentials === 'kept')
    ? 'kept'
    : result.credentialsLost
      ? 'lost'
      : undefined;
  // Wait for every write before deciding, so no file lands after a failure was cleaned up.
  const writes = await Promise.allSettled(
    images.map(async (data, i) => {
      const key = payload.resultKeys[i]!;
      await app.storage.put(key, data, 'image/jpeg');
      const { width, height } = await describeImage(data);
      return { key, width, height, bytes: data.length };
    }),
  );
  const failed = writes.find((w) => w.status === 'rejected');
  if (failed) {
    await Promise.allSettled(payload.resultKeys.map((key) => app.storage.delete(key)));
    throw failed.reason;
  }
  const results = writes.map(
    (w) => (w as PromiseFulfilledResult<EditJobSuccess['results'][number]>).value,
  );
  await context.progress(95);
  return {
    ok: true,
    results,
    applied: result.applied,
    unsupported: result.unsupported,
    ...(result.clauses ? { clauses: result.clauses } : {}),
    provider,
    ...(contentCredentials ? { contentCredentials } : {}),
  };
}

/** One line of the result's XMP history: what was asked, of whom. */
function stepOf(payload: EditJobPayload, provider: string, fromPicture: boolean): string {
  const what = payload.preset
    ? `Preset: ${payload.preset}`
    : `${fromPicture ? 'Edit' : 'Generate'}: ${payload.prompt.slice(0, 200)}`;
  return `${what} (${provider})`;
}
