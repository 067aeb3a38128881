import type { AspectRatio } from '../aspect.ts';
import { PRESET_LABELS, type StylePreset } from '../styles/ids.ts';

/**
 * One step of an edit. Amounts are relative: -1..1 for tone and colour (0.25 is a clear but
 * moderate change), sigma in pixels of a 1000-pixel-wide image for blur, 0..1 for strengths.
 */
export type Operation =
  | { kind: 'brightness'; amount: number }
  | { kind: 'contrast'; amount: number }
  | { kind: 'saturation'; amount: number }
  | { kind: 'warmth'; amount: number }
  | { kind: 'hue'; degrees: number }
  | { kind: 'grayscale' }
  | { kind: 'sepia' }
  | { kind: 'blur'; sigma: number }
  | { kind: 'sharpen'; amount: number }
  | { kind: 'rotate'; degrees: 90 | 180 | 270 }
  | { kind: 'flip'; axis: 'horizontal' | 'vertical' }
  | { kind: 'vignette'; strength: number }
  | { kind: 'grain'; amount: number; seed: number }
  /** `color` is #rrggbb. */
  | { kind: 'background'; color: string }
  | { kind: 'crop'; ratio: AspectRatio }
  | { kind: 'style'; style: StylePreset };

export type OperationKind = Operation['kind'];

const percent = (amount: number) => `${amount > 0 ? '+' : ''}${Math.round(amount * 100)}%`;

/** A short English description for the list of what was done. */
export function describeOperation(operation: Operation): string {
  switch (operation.kind) {
    case 'brightness':
      return `Brightness ${percent(operation.amount)}`;
    case 'contrast':
      return `Contrast ${percent(operation.amount)}`;
    case 'saturation':
      return `Saturation ${percent(operation.amount)}`;
    case 'warmth':
      return operation.amount >= 0
        ? `Warmer (${percent(operation.amount)})`
        : `Cooler (${percent(-operation.amount)})`;
    case 'hue':
      return `Hue shifted by ${Math.round(operation.degrees)}°`;
    case 'grayscale':
      return 'Black and white';
    case 'sepia':
      return 'Sepia';
    case 'blur':
      return `Blur (radius ${operation.sigma.toFixed(1)})`;
    case 'sharpen':
      return `Sharpen (${percent(operation.amount)})`;
    case 'rotate':
      return `Rotated ${operation.degrees}° clockwise`;
    case 'flip':
      return `Flipped ${operation.axis}ly`;
    case 'vignette':
      return `Vignette (${percent(operation.strength)})`;
    case 'grain':
      return `Film grain (${percent(operation.amount)})`;
    case 'background':
      return `Background colour ${operation.color} (plain border region recoloured)`;
    case 'crop':
      return `Cropped to ${operation.ratio}`;
    case 'style':
      return `${PRESET_LABELS[operation.style]} look`;
  }
}
