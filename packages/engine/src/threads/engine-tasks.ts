import { designRoom, roomLayersFrom, styleRoom } from '../rooms/design-room.ts';
import type { Remover, Restyler } from '../rooms/hosted-room.ts';
import type { RoomStyle } from '../rooms/room-styles.ts';
import { analyzeImage } from '../analyze.ts';
import { inpaintImage } from '../inpaint/inpaint-image.ts';
import { classifyNsfw } from '../models/nsfw.ts';
import { detectObjects, type DetectOptions } from '../models/object-detector.ts';
import type { PromptLanguage } from '../prompt/text.ts';
import type { RawImage } from '../raw-image.ts';
import { localPixelWork } from '../local-provider.ts';
import type { EditRequest, InpaintRequest, PresetRequest, UpscaleRequest } from '../provider.ts';
import { removeObjectAtPoint } from '../operations/remove-at-point.ts';
import { upscaleImage } from '../upscale.ts';
import { asBuffer, withBuffers } from './bytes.ts';

/** What a task gets besides its arguments, made by the engine thread (engine.worker.mjs). */
export interface TaskContext {
  signal: AbortSignal;
  onProgress(fraction: number): void;
  callbacks: Record<string, (...args: unknown[]) => Promise<unknown>>;
}

type HostedCall = (...args: unknown[]) => Promise<unknown>;

/** A hosted model's answer as the room code expects it (its image a Buffer). */
function hostedImage<F extends Restyler | Remover>(call: HostedCall | undefined): F | undefined {
  if (!call) return undefined;
  return (async (...args: unknown[]) => {
    const answer = (await call(...args)) as { image: Uint8Array; provider: string };
    return { image: asBuffer(answer.image), provider: answer.provider };
  }) as F;
}

export interface DesignRoomArgs {
  input: Uint8Array;
  styles?: readonly RoomStyle[];
  maxLongSide?: number;
}

export interface StyleRoomArgs {
  original: Uint8Array;
  emptied: Uint8Array;
  mask: Uint8Array;
  styles: readonly RoomStyle[];
}

/** A provider request that crossed threads, with this thread's signal and progress. */
const request = <R>(args: R, context: TaskContext): R => ({
  ...withBuffers(args),
  signal: context.signal,
  onProgress: context.onProgress,
});

/** Every task the engine thread runs, by name (engine-thread.ts's EngineTaskName). */
export const ENGINE_TASKS = {
  edit: (args: EditRequest, context: TaskContext) => localPixelWork.edit(request(args, context)),
  preset: (args: PresetRequest, context: TaskContext) =>
    localPixelWork.preset(request(args, context)),
  inpaint: (args: InpaintRequest, context: TaskContext) => inpaintImage(request(args, context)),
  upscale: (args: UpscaleRequest, context: TaskContext) => upscaleImage(request(args, context)),
  removeAtPoint: (
    args: { image: Uint8Array; point: { x: number; y: number } },
    context: TaskContext,
  ) => removeObjectAtPoint(asBuffer(args.image), args.point, context.signal),
  moderate: (args: { image: Uint8Array }) => classifyNsfw(asBuffer(args.image)),
  detectObjects: (args: { image: Uint8Array | RawImage; options?: DetectOptions }) =>
    detectObjects(withBuffers(args.image) as Buffer | RawImage, args.options),
  analyze: async (args: { image: Uint8Array; labels?: string[]; language?: PromptLanguage }) => {
    const image = asBuffer(args.image);
    const objects = args.labels ? undefined : await detectObjects(image);
    return analyzeImage(image, { labels: args.labels, language: args.language, objects });
  },
  designRoom: (args: DesignRoomArgs, context: TaskContext) =>
    designRoom(asBuffer(args.input), {
      styles: args.styles,
      maxLongSide: args.maxLongSide,
      restyle: hostedImage<Restyler>(context.callbacks.restyle),
      remove: hostedImage<Remover>(context.callbacks.remove),
      signal: context.signal,
      onProgress: context.onProgress,
    }),
  styleRoom: async (args: StyleRoomArgs, context: TaskContext) =>
    styleRoom(
      await roomLayersFrom({
        original: asBuffer(args.original),
        emptied: asBuffer(args.emptied),
        mask: asBuffer(args.mask),
      }),
      args.styles,
      {
        restyle: hostedImage<Restyler>(context.callbacks.restyle),
        signal: context.signal,
        onProgress: context.onProgress,
      },
    ),
};
