import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { workingSize } from '@image-lab/contract/catalogue';
import { detectAspectRatio, nearestAspectRatio, type AspectRatio } from './aspect.ts';
import { EngineInputError } from './errors.ts';
import { decodeHeic } from './heic.ts';
import { jpegWithoutTrailer } from './metadata/jpeg-segments.ts';
import { pngWithoutTrailer } from './metadata/result-metadata.ts';
import { DEFAULT_MAX_PIXELS, ensureSharpConfigured } from './raw-image.ts';
import { sniffImageType, type ImageType } from './sniff.ts';

export interface NormalizeOptions {
  /** Refuse images with more pixels than this, before decoding them. Default 40 megapixels. */
  maxPixels?: number;
}

/** The upload as it is kept: what "original" and "Download original" give back. */
export interface StoredOriginal {
  /**
   * A JPEG or PNG upload: its own bytes, metadata and all (they decoded completely), without
   * anything appended after the image's end. WebP, AVIF
   * and HEIC, which not every browser shows: JPEG quality 95, upright (WebP and AVIF keep their
   * EXIF and ICC; HEIC is decoded to pixels only).
   */
  data: Buffer;
  format: 'jpg' | 'png';
  /** Upright. */
  width: number;
  height: number;
}

/**
 * An upload: the original as it came, and the working copy edits start from: the same framing,
 * upright, its long side at most MAX_WORKING_SIDE, never enlarged (docs/decisions/041).
 */
export interface NormalizedImage {
  /** The working copy: JPEG, quality 95, no metadata. */
  data: Buffer;
  width: number;
  height: number;
  /** The nearest of the nine ratios: what a generation from it asks for. */
  aspectRatio: AspectRatio;
  /** True when the working copy is smaller than the original (a long side above 3840). */
  shrunk: boolean;
  sourceType: ImageType;
  original: StoredOriginal;
}

export interface NormalizedCrop {
  /** PNG when a PNG came in (crops are lossless in the browser), else JPEG quality 95. */
  data: Buffer;
  format: 'png' | 'jpeg';
  width: number;
  height: number;
  /** The nearest of the nine ratios within 5 %, else 'free' (working areas §5). */
  aspectRatio: AspectRatio | 'free';
}

const UPLOAD_QUALITY = 95;

interface OpenedImage {
  pipeline: Sharp;
  width: number;
  height: number;
  type: ImageType;
}

/** Sniffs, checks the pixel count from the header, and returns an upright, lazy pipeline. */
async function openImage(bytes: Buffer, maxPixels: number): Promise<OpenedImage> {
  ensureSharpConfigured();
  const type = sniffImageType(bytes);
  if (!type) {
    throw new EngineInputError('unsupported_type', 'Not a JPEG, PNG, WebP, AVIF or HEIC image');
  }
  if (type === 'heic') {
    const rgba = await decodeHeic(bytes, maxPixels);
    const pipeline = sharp(rgba.data, {
      raw: { width: rgba.width, height: rgba.height, channels: 4 },
    });
    return { pipeline, width: rgba.width, height: rgba.height, type };
  }
  let metadata: Metadata;
  try {
    // Header only: nothing is decoded yet, whatever size the header claims.
    metadata = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
  } catch (error) {
    throw refusalFor(error);
  }
  if (metadata.width * metadata.height > maxPixels) {
    throw new EngineInputError('too_many_pixels', 'The image has too many pixels');
  }
  const pipeline = sharp(bytes, {
    failOn: 'truncated',
    limitInputPixels: maxPixels,
    autoOrient: true,
  });
  const { width, height } = metadata.autoOrient;
  return { pipeline, width, height, type };
}

function refusalFor(error: unknown): EngineInputError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new EngineInputError('too_many_pixels', 'The image has too many pixels', {
      cause: error,
    });
  }
  return new EngineInputError('corrupt', 'The image file is damaged or incomplete', {
    cause: error,
  });
}

/** Decoding happens at toBuffer: a damaged body only shows up there. */
async function finish(pipeline: Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw refusalFor(error);
  }
}

/** WebP, AVIF and HEIC become a JPEG any browser shows; JPEG and PNG are kept byte for byte. */
async function originalOf(bytes: Buffer, opened: OpenedImage): Promise<StoredOriginal> {
  const { width, height, type } = opened;
  // Bytes after the image's end are no part of it (and a polyglot's way in): cut off.
  if (type === 'jpeg') return { data: jpegWithoutTrailer(bytes), format: 'jpg', width, height };
  if (type === 'png') return { data: pngWithoutTrailer(bytes), format: 'png', width, height };
  const pipeline = opened.pipeline
    .clone()
    .keepExif()
    .keepIccProfile()
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: UPLOAD_QUALITY, chromaSubsampling: '4:4:4' });
  return { data: (await finish(pipeline)).data, format: 'jpg', width, height };
}

/**
 * An upload. The original is kept as it came; the working copy keeps its framing (issue 21: a
 * centre crop to the nearest ratio cut off ceilings and rugs), is shrunk only when its long side
 * exceeds the largest preset (never enlarged), upright, JPEG quality 95, metadata removed.
 * Decoding the working copy checks the original's bytes completely.
 */
export async function normalizeUpload(
  bytes: Buffer,
  options: NormalizeOptions = {},
): Promise<NormalizedImage> {
  const opened = await openImage(bytes, options.maxPixels ?? DEFAULT_MAX_PIXELS);
  const size = workingSize(opened.width, opened.height);
  const shrunk = size.width !== opened.width || size.height !== opened.height;
  let pipeline = opened.pipeline.clone();
  if (shrunk) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  pipeline = pipeline
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: UPLOAD_QUALITY, chromaSubsampling: '4:4:4' });
  const { data, info } = await finish(pipeline);
  return {
    data,
    width: info.width,
    height: info.height,
    aspectRatio: nearestAspectRatio(opened.width, opened.height),
    shrunk,
    sourceType: opened.type,
    original: await originalOf(bytes, opened),
  };
}

/**
 * A crop the person made: its exact size is kept; it is made upright and re-encoded so no
 * metadata survives. PNG stays PNG (lossless, transparency kept), anything else becomes JPEG.
 */
export async function normalizeCrop(
  bytes: Buffer,
  options: NormalizeOptions = {},
): Promise<NormalizedCrop> {
  const opened = await openImage(bytes, options.maxPixels ?? DEFAULT_MAX_PIXELS);
  const format = opened.type === 'png' ? 'png' : 'jpeg';
  const pipeline =
    format === 'png'
      ? opened.pipeline.toColourspace('srgb').png({ compressionLevel: 6 })
      : opened.pipeline
          .flatten({ background: '#ffffff' })
          .toColourspace('srgb')
          .jpeg({ quality: UPLOAD_QUALITY, chromaSubsampling: '4:4:4' });
  const { data, info } = await finish(pipeline);
  return {
    data,
    format,
    width: info.width,
    height: info.height,
    aspectRatio: detectAspectRatio(info.width, info.height),
  };
}
