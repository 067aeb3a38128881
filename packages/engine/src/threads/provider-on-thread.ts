import type { Analysis } from '../analyze.ts';
import type { DetectedObject, DetectOptions } from '../models/object-detector.ts';
import type { ModerationScores } from '../models/nsfw.ts';
import type { RemovedAtPoint } from '../operations/remove-at-point.ts';
import type { PromptLanguage } from '../prompt/text.ts';
import type { ImageResult } from '../provider.ts';
import type { RawImage } from '../raw-image.ts';
import { withBuffers } from './bytes.ts';
import { runInEngineThread, type EngineTaskName } from './engine-thread.ts';

interface ThreadableRequest {
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  background?: boolean;
}

/**
 * A local provider call that runs on the engine thread: its pixel loops (masks, fills, models)
 * no longer hold the server's event loop, so other people's pages and progress go on meanwhile.
 */
export function onEngineThread<R extends ThreadableRequest>(
  task: EngineTaskName,
): (request: R) => Promise<ImageResult> {
  return async ({ signal, onProgress, background, ...args }: R) =>
    withBuffers(
      await runInEngineThread<ImageResult>({ task, args, signal, onProgress, background }),
    );
}

/** Objects in a photo (CenterNet), found on the quick engine thread. */
export const detectObjectsOnThread = (image: Buffer | RawImage, options?: DetectOptions) =>
  runInEngineThread<DetectedObject[]>({ task: 'detectObjects', args: { image, options } });

/** The moderation classifier's scores for an upload, on the quick engine thread. */
export const moderateOnThread = (image: Buffer) =>
  runInEngineThread<ModerationScores>({ task: 'moderate', args: { image } });

/** What the picture shows (objects, colours, texts), on the quick engine thread. */
export const analyzeOnThread = (image: Buffer, labels?: string[], language?: PromptLanguage) =>
  runInEngineThread<Analysis>({ task: 'analyze', args: { image, labels, language } });

/**
 * The editor's click-to-remove (removeObjectAtPoint) on the heavy engine thread; null when no
 * object is under the point. Its refusals keep their code across the thread.
 */
export async function removeObjectAtPointOnThread(
  image: Buffer,
  point: { x: number; y: number },
  signal?: AbortSignal,
): Promise<RemovedAtPoint | null> {
  const removed = await runInEngineThread<RemovedAtPoint | null>({
    task: 'removeAtPoint',
    args: { image, point },
    signal,
  });
  return removed && withBuffers(removed);
}
