import sharp, { type Metadata } from 'sharp';
import { EngineInputError } from '../errors.ts';
import type { VideoResult } from '../provider.ts';
import { DEFAULT_MAX_PIXELS, ensureSharpConfigured, toRaw } from '../raw-image.ts';
import { chooseCameraMotion, MOTION_LABELS, type CameraMotion } from './camera-motion.ts';
import { encodeH264 } from './ffmpeg.ts';
import { MAX_ZOOM, renderFrame, windowAt } from './ken-burns.ts';
import { describeVideoTrack, readMp4 } from './mp4-boxes.ts';

/** Working areas §9: a video is shown as 3 seconds at 24 frames per second. */
export const VIDEO_SECONDS = 3;
export const VIDEO_FPS = 24;
/** 720p-class output: the long side of the frame, never more than the photo's own. */
export const VIDEO_LONG_SIDE = 1280;

export interface ImageToVideoOptions {
  prompt: string;
  seconds?: number;
  fps?: number;
  longSide?: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/** The frame size: the photo's shape, long side at most `longSide`, both sides even (4:2:0). */
export function frameSize(width: number, height: number, longSide = VIDEO_LONG_SIDE) {
  const scale = Math.min(1, longSide / Math.max(width, height));
  return { width: even(width * scale), height: even(height * scale) };
}

/**
 * A still photo as a short film: the camera move the prompt names (zoom in or out, pan left,
 * right, up or down; a slow zoom in when it names none), eased in and out, every frame
 * resampled at its exact fractional position, encoded with x264. The container is read back
 * and checked before the video is handed out.
 */
export async function imageToVideo(
  image: Buffer,
  options: ImageToVideoOptions,
): Promise<VideoResult & { motion: CameraMotion }> {
  ensureSharpConfigured();
  const seconds = options.seconds ?? VIDEO_SECONDS;
  const fps = options.fps ?? VIDEO_FPS;
  const frames = Math.round(seconds * fps);
  const { motion, fromPrompt } = chooseCameraMotion(options.prompt);

  let meta: Metadata;
  try {
    meta = await sharp(image, { limitInputPixels: DEFAULT_MAX_PIXELS }).metadata();
  } catch (error) {
    throw new EngineInputError('corrupt', 'The image could not be decoded', { cause: error });
  }
  const upright = (meta.orientation ?? 1) >= 5;
  const photoWidth = (upright ? meta.height : meta.width) ?? 0;
  const photoHeight = (upright ? meta.width : meta.height) ?? 0;
  if (!photoWidth || !photoHeight) {
    throw new EngineInputError('corrupt', 'The image could not be decoded');
  }
  const size = frameSize(photoWidth, photoHeight, options.longSide);
  // Once, at MAX_ZOOM x the frame: every frame then only ever shrinks it a little.
  let source;
  try {
    source = await toRaw(
      sharp(image, { limitInputPixels: DEFAULT_MAX_PIXELS, failOn: 'truncated' })
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize(Math.round(size.width * MAX_ZOOM), Math.round(size.height * MAX_ZOOM), {
          fit: 'cover',
          kernel: 'lanczos3',
        }),
    );
  } catch (error) {
    throw new EngineInputError('corrupt', 'The image could not be decoded', { cause: error });
  }
  options.onProgress?.(0.05);

  const video = await encodeH264({
    width: size.width,
    height: size.height,
    fps,
    frames,
    signal: options.signal,
    frame: (i) =>
      renderFrame(
        source,
        windowAt(motion, frames > 1 ? i / (frames - 1) : 0, source.width, source.height),
        size.width,
        size.height,
      ),
    onFrame: (i) => options.onProgress?.(0.05 + (0.9 * (i + 1)) / frames),
  });

  const track = describeVideoTrack(readMp4(video));
  if (track.frames !== frames || track.codec !== 'avc1') {
    throw new Error(`The encoder wrote ${track.frames} ${track.codec} frames, not ${frames} avc1`);
  }
  options.onProgress?.(1);
  return {
    video,
    contentType: 'video/mp4',
    width: size.width,
    height: size.height,
    frames,
    fps,
    seconds: frames / fps,
    motion,
    applied: [
      `${MOTION_LABELS[motion]}${fromPrompt ? '' : ' (no camera move named: the default)'}`,
      `${frames / fps} s at ${fps} fps, ${size.width}×${size.height}`,
    ],
    unsupported: [],
  };
}
