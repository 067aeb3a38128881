import { parseHex } from '../colour.ts';
import { decodeImage, encodeJpeg, type RawImage } from '../raw-image.ts';
import { applyLook } from '../styles/looks.ts';
import { variationParams, varyOperations } from '../variations.ts';
import { isSubjectPreset, renderSubjectPreset } from '../scenes/scene-presets.ts';
import { backgroundBehindSubject } from '../scenes/composite.ts';
import { replaceBackground } from './background.ts';
import { blur, grain, sharpen, vignette } from './effects.ts';
import { cropToRatio, flip, rotate } from './geometry.ts';
import {
  GRAYSCALE,
  SEPIA,
  applyCurves,
  applyMatrix,
  brightnessCurve,
  contrastCurve,
  hueMatrix,
  saturationMatrix,
  warmthMatrix,
} from './tone.ts';
import type { Operation } from './types.ts';

export const EDIT_QUALITY = 92;

export async function applyOperation(
  image: RawImage,
  operation: Operation,
  variation = 0,
  matteFor?: (image: RawImage) => Promise<Buffer>,
): Promise<RawImage> {
  switch (operation.kind) {
    case 'brightness':
      return applyCurves(image, brightnessCurve(operation.amount));
    case 'contrast':
      return applyCurves(image, contrastCurve(operation.amount));
    case 'saturation':
      return applyMatrix(image, saturationMatrix(Math.max(0, 1 + operation.amount)));
    case 'warmth':
      return applyMatrix(image, warmthMatrix(operation.amount));
    case 'hue':
      return applyMatrix(image, hueMatrix(operation.degrees));
    case 'grayscale':
      return applyMatrix(image, GRAYSCALE);
    case 'sepia':
      return applyMatrix(image, SEPIA);
    case 'blur':
      return blur(image, operation.sigma);
    case 'sharpen':
      return sharpen(image, operation.amount);
    case 'rotate':
      return rotate(image, operation.degrees);
    case 'flip':
      return flip(image, operation.axis);
    case 'vignette':
      return vignette(image, operation.strength);
    case 'grain':
      return grain(image, operation.amount, operation.seed);
    case 'background':
      return matteFor
        ? backgroundBehindSubject(image, await matteFor(image), parseHex(operation.color))
        : replaceBackground(image, parseHex(operation.color));
    case 'crop':
      return cropToRatio(image, operation.ratio);
    case 'style':
      if (matteFor && isSubjectPreset(operation.style)) {
        const params = variationParams(variation);
        const matte = await matteFor(image);
        return (await renderSubjectPreset(image, matte, operation.style, params)).image;
      }
      return applyLook(image, operation.style, variationParams(variation));
  }
}

export interface ApplyOptions {
  /** 0 = the plain result; 1-3 give the distinct variations of a multi-image request. */
  variation?: number;
  signal?: AbortSignal;
  /** The subject's matte for scenes and new backgrounds (background-removal model). */
  matteFor?: (image: RawImage) => Promise<Buffer>;
}

export async function applyOperationsRaw(
  image: RawImage,
  operations: Operation[],
  options: ApplyOptions = {},
): Promise<RawImage> {
  const variation = options.variation ?? 0;
  let current = image;
  for (const operation of varyOperations(operations, variation)) {
    options.signal?.throwIfAborted();
    current = await applyOperation(current, operation, variation, options.matteFor);
  }
  return current;
}

/** Decodes, applies the operations in order, and encodes as JPEG quality 92. */
export async function applyOperations(
  image: Buffer,
  operations: Operation[],
  options: ApplyOptions = {},
): Promise<Buffer> {
  const raw = await decodeImage(image);
  return encodeJpeg(await applyOperationsRaw(raw, operations, options), EDIT_QUALITY);
}
