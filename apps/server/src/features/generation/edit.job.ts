import type { FastifyInstance } from 'fastify';
import {
  pasteInsideMask,
  selectionMaskPng,
  type AspectRatio,
  type ImageResult,
  type ProviderRegistry,
  type Selection,
} from '@image-lab/engine';
import type { EditSelection } from '@image-lab/contract';
import { describeImage } from '@image-lab/engine/delivery';
import { AppError } from '../../platform/errors.ts';
import type { JobContext } from '../../platform/jobs.ts';
import { readImageBytes, translateEngineError } from '../images/images.service.ts';
import { refuseUnsafeImage } from '../../platform/moderation.ts';
import { upscaleOfPreset } from './upscale-presets.ts';
import { runHostedPreset } from './render-presets.ts';
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
}

export type EditJobResult = EditJobSuccess | JobRefusal;

export const editTimedOut = () =>
  new AppError(504, 'timeout', 'Image generation took too long. Please try again.');

const unavailable = (what: string) =>
  new AppError(501, 'capability_unavailable', `${what} is not available on this server`);

/**
 * A hosted model edits the whole picture it is sent; with a selection, its answer is pasted
 * into the original inside the selection's mask, so every pixel outside stays the original's.
 */
async function keepOutsideSelection(
  result: ImageResult,
  source: Buffer,
  selection: Selection,
): Promise<ImageResult> {
  const mask = await selectionMaskPng(source, selection);
  const images = await Promise.all(
    result.images.map((image) => pasteInsideMask(source, image, mask, 'jpeg')),
  );
  return { ...result, images, applied: result.applied.map((a) => `${a} (selection only)`) };
}

async function runEngine(
  engine: ProviderRegistry,
  payload: EditJobPayload,
  source: Buffer | undefined,
  reference: Buffer | undefined,
  selection: Selection | undefined,
  onProgress: (fraction: number) => void,
): Promise<{ result: ImageResult; provider: string }> {
  const common = { numImages: payload.numImages, onProgress };
  if (!source) {
    const provider = engine.for('generate');
    if (!provider?.generate) throw unavailable('Image generation');
    const result = await provider.generate({
      ...common,
      prompt: payload.prompt,
      aspectRatio: payload.aspectRatio,
    });
    return { result, provider: provider.id };
  }
  const upscale = payload.preset ? upscaleOfPreset(payload.preset) : undefined;
  if (upscale) {
    const provider = engine.for('upscale');
    if (!provider?.upscale) throw unavailable('Upscaling');
    const result = await provider.upscale({ image: source, onProgress, ...upscale });
    return { result, provider: provider.id };
  }
  if (payload.preset) {
    const hosted = await runHostedPreset(engine, payload.preset, source, onProgress);
    if (hosted) return hosted;
    const provider = engine.for('preset');
    if (!provider?.preset) throw unavailable('Presets');
    const result = await provider.preset({
      ...common,
      image: source,
      preset: payload.preset,
      reference,
      selection,
    });
    if (selection && provider.id !== 'local') {
      return {
        result: await keepOutsideSelection(result, source, selection),
        provider: provider.id,
      };
    }
    return { result, provider: provider.id };
  }
  const provider = engine.for('edit');
  if (!provider?.edit) throw unavailable('Editing');
  const inpainter = engine.for('inpaint');
  if (selection && provider.id !== 'local' && inpainter?.inpaint && inpainter.id !== 'local') {
    // The hosted model's masked call (OpenAI edit with a mask, FLUX Fill, a ComfyUI inpaint
    // workflow) gets the selection's mask; its answer is pasted inside the mask.
    const mask = await selectionMaskPng(source, selection);
    const images: Buffer[] = [];
    let applied: string[] = [];
    for (let i = 0; i < payload.numImages; i++) {
      const one = await inpainter.inpaint({ image: source, mask, prompt: payload.prompt });
      images.push(...one.images);
      applied = one.applied;
      onProgress((i + 1) / payload.numImages);
    }
    return { result: { images, applied, unsupported: [] }, provider: inpainter.id };
  }
  const result = await provider.edit({
    ...common,
    image: source,
    prompt: payload.prompt,
    aspectRatio: payload.aspectRatio,
    reference,
    selection,
  });
  if (selection && provider.id !== 'local') {
    return { result: await keepOutsideSelection(result, source, selection), provider: provider.id };
  }
  return { result, provider: provider.id };
}

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
  const source = payload.sourceKey ? await readImageBytes(app, payload.sourceKey) : undefined;
  const reference = payload.referenceKey
    ? await readImageBytes(app, payload.referenceKey)
    : undefined;
  const mask = payload.maskKey ? await readImageBytes(app, payload.maskKey) : undefined;
  const selection: Selection | undefined = mask ? { mask } : payload.selection;
  await context.progress(10);
  let last = 10;
  const { result, provider } = await runEngine(
    app.engine,
    payload,
    source,
    reference,
    selection,
    (f) => {
      const percent = Math.round(10 + Math.max(0, Math.min(1, f)) * 80);
      if (percent >= last + 5) {
        last = percent;
        void context.progress(percent);
      }
    },
  );
  const images = result.images.slice(0, payload.resultKeys.length);
  if (images.length === 0) throw new AppError(502, 'no_result', 'Image generation failed');
  // A result the classifier refuses is never written (the request refunds its credits).
  for (const image of images) await refuseUnsafeImage(app, image);
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
  };
}
