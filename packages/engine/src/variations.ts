import type { Operation } from './operations/types.ts';

/**
 * What changes between the images of one request (numImages 2-4). Variation 0 is the plain
 * result; the others are deterministic departures in strength, noise seed and tint, large
 * enough to be told apart at a glance.
 */
export interface VariationParams {
  index: number;
  /** Multiplies the strength of the look's main effect. */
  strength: number;
  /** Seed for grain, paper and canvas textures. */
  seed: number;
  /** Hue rotation of the look's tint colours, degrees. */
  hueShift: number;
  /** Extra warmth (positive) or coolness (negative), -1..1. */
  warmth: number;
}

const STEPS = [
  { strength: 1, hueShift: 0, warmth: 0 },
  { strength: 1.4, hueShift: 18, warmth: 0.2 },
  { strength: 0.65, hueShift: -18, warmth: -0.2 },
  { strength: 1.75, hueShift: 36, warmth: 0.08 },
] as const;

export function variationParams(variation = 0): VariationParams {
  const index = Math.max(0, Math.floor(variation));
  const step = STEPS[index % STEPS.length]!;
  const round = Math.floor(index / STEPS.length);
  return {
    index,
    strength: step.strength * (1 + 0.1 * round),
    seed: 1 + index * 7919,
    hueShift: step.hueShift + round * 9,
    warmth: step.warmth,
  };
}

/**
 * A finishing grade per variation, so even geometric edits (rotate, crop) yield distinct
 * images. Monochrome results only get tone changes, never a tint.
 */
export function variationGrade(variation: number, monochrome: boolean): Operation[] {
  const index = Math.max(0, Math.floor(variation)) % STEPS.length;
  if (index === 0 && variation < STEPS.length) return [];
  const tone: Operation[][] = [
    [],
    [{ kind: 'contrast', amount: 0.3 }],
    [
      { kind: 'brightness', amount: 0.18 },
      { kind: 'contrast', amount: -0.15 },
    ],
    [
      { kind: 'brightness', amount: -0.15 },
      { kind: 'contrast', amount: 0.4 },
    ],
  ];
  const colour: Operation[][] = [
    [{ kind: 'saturation', amount: 0.15 }],
    [{ kind: 'warmth', amount: 0.3 }],
    [
      { kind: 'warmth', amount: -0.3 },
      { kind: 'saturation', amount: 0.2 },
    ],
    [{ kind: 'saturation', amount: -0.3 }],
  ];
  return monochrome ? tone[index]! : [...tone[index]!, ...colour[index]!];
}

const MONOCHROME_STYLES = new Set(['sketch', 'car-sketch']);

/** The operations of variation `variation`: amounts scaled, seeds changed, a grade appended. */
export function varyOperations(operations: Operation[], variation: number): Operation[] {
  if (variation <= 0) return operations;
  const { strength, seed } = variationParams(variation);
  const varied = operations.map((operation): Operation => {
    switch (operation.kind) {
      case 'brightness':
      case 'contrast':
      case 'saturation':
      case 'warmth':
        return { ...operation, amount: operation.amount * strength };
      case 'hue':
        return { ...operation, degrees: operation.degrees * strength };
      case 'blur':
        return { ...operation, sigma: operation.sigma * strength };
      case 'sharpen':
        return { ...operation, amount: operation.amount * strength };
      case 'vignette':
        return { ...operation, strength: Math.min(1, operation.strength * strength) };
      case 'grain':
        return { ...operation, amount: operation.amount * strength, seed: operation.seed + seed };
      default:
        return operation;
    }
  });
  const monochrome = operations.some(
    (operation) =>
      operation.kind === 'grayscale' ||
      (operation.kind === 'style' && MONOCHROME_STYLES.has(operation.style)),
  );
  return [...varied, ...variationGrade(variation, monochrome)];
}
