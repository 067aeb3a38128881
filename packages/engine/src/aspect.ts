import { ASPECT_RATIOS } from '@image-lab/contract/catalogue';

export { ASPECT_RATIOS };
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export interface Resolution {
  width: number;
  height: number;
}

/** Width divided by height. */
export function ratioValue(ratio: AspectRatio): number {
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return w / h;
}

export function isAspectRatio(value: string): value is AspectRatio {
  return (ASPECT_RATIOS as readonly string[]).includes(value);
}

/** Compared on a log scale so that 2:1 is as far from 1:1 as 1:2 is. */
function ratioDistance(a: number, b: number): number {
  return Math.abs(Math.log(a / b));
}

export function nearestAspectRatio(width: number, height: number): AspectRatio {
  const actual = width / height;
  let best: AspectRatio = '1:1';
  for (const ratio of ASPECT_RATIOS) {
    if (ratioDistance(actual, ratioValue(ratio)) < ratioDistance(actual, ratioValue(best))) {
      best = ratio;
    }
  }
  return best;
}

/**
 * The nearest ratio when the size is within `tolerance` (relative) of it, else 'free':
 * the crop screen's auto-detection.
 */
export function detectAspectRatio(
  width: number,
  height: number,
  tolerance = 0.05,
): AspectRatio | 'free' {
  const nearest = nearestAspectRatio(width, height);
  const relative = Math.abs(width / height / ratioValue(nearest) - 1);
  return relative <= tolerance ? nearest : 'free';
}

/**
 * Long-side steps of the preset resolutions. The spec fixes 16:9 from 512x288 to 3840x2160 and
 * 1:1 from 512 to 3840, so the steps run along the long side; the short side follows from the
 * ratio, rounded to a multiple of 8 (the JPEG block size).
 */
const LONG_SIDE_STEPS = [512, 768, 1024, 1280, 1536, 1920, 2048, 2560, 3072, 3840] as const;

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

function buildPresets(ratio: AspectRatio): Resolution[] {
  const value = ratioValue(ratio);
  return LONG_SIDE_STEPS.map((long) =>
    value >= 1
      ? { width: long, height: roundTo(long / value, 8) }
      : { width: roundTo(long * value, 8), height: long },
  );
}

export const PRESET_RESOLUTIONS: Readonly<Record<AspectRatio, readonly Resolution[]>> =
  Object.fromEntries(ASPECT_RATIOS.map((ratio) => [ratio, buildPresets(ratio)])) as Record<
    AspectRatio,
    Resolution[]
  >;

/**
 * The largest preset that fits inside the source; a source smaller than every preset keeps its
 * own size (an upload is never enlarged: issue 21).
 */
export function nearestPresetResolution(
  ratio: AspectRatio,
  width: number,
  height: number,
): Resolution {
  let chosen: Resolution = { width, height };
  for (const preset of PRESET_RESOLUTIONS[ratio]) {
    if (preset.width <= width && preset.height <= height) chosen = preset;
  }
  return { ...chosen };
}

/** A preset with the given short side (or the closest one), for generated images. */
export function presetWithShortSide(ratio: AspectRatio, shortSide: number): Resolution {
  const presets = PRESET_RESOLUTIONS[ratio];
  let best = presets[0]!;
  for (const preset of presets) {
    const short = Math.min(preset.width, preset.height);
    if (Math.abs(short - shortSide) < Math.abs(Math.min(best.width, best.height) - shortSide)) {
      best = preset;
    }
  }
  return { ...best };
}

/** Working areas §9: the size asked of a generator for a crop of the given width/height ratio. */
export function cropGenerationSize(ratio: number): Resolution {
  const to32 = (value: number) => roundTo(value, 32);
  if (ratio > 2) return { width: to32(1152 * ratio), height: 1152 };
  if (ratio > 1.5) return { width: to32(1280 * ratio), height: 1280 };
  if (ratio > 1) return { width: to32(1536 * ratio), height: 1536 };
  if (ratio > 0.66) return { width: 1536, height: to32(1536 / ratio) };
  return { width: 1280, height: to32(1280 / ratio) };
}
