import {
  CAD_TO_RENDER,
  HOSTED_PRESETS,
  MULTIVIEW,
  TWO_STEP_MIN_CREDITS,
  TWO_STEP_RENDER,
  TWO_STEP_SKETCH,
} from '@image-lab/contract';
import {
  padImageToSquare,
  type Capability,
  type ImageResult,
  type ProviderRegistry,
} from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/db.ts';
import { balanceOf, ensureBalance } from '../../platform/credits.repository.ts';

/**
 * The render buttons of working areas §2 and §4 beyond plain looks: multiview and the second
 * step of two-step render need a hosted model; CAD to render uses one when there is one and
 * is otherwise the local engine's render-look preset.
 */

const NEEDS_HOSTED: Record<string, string> = {
  [MULTIVIEW]:
    'Multiview needs a hosted image model. This server runs only the local engine, which cannot draw an object from new angles.',
  [TWO_STEP_RENDER]:
    'Photorealistic rendering needs a hosted image model. This server runs only the local engine.',
};

const RENDER_PROMPTS: Record<string, string> = {
  [TWO_STEP_RENDER]:
    'Turn this sketch into a photorealistic image: real materials, natural light, accurate reflections and shadows; keep every shape and the composition exactly.',
  [CAD_TO_RENDER]:
    'Turn this CAD model into a photorealistic product render: real materials and finishes, studio lighting, soft contact shadows; keep the geometry and viewpoint exactly.',
};

const MULTIVIEW_PROMPT =
  'Show this object from four viewpoints in a 2×2 grid on one square image: 3/4 front, side, back and 3/4 back; same object, scale, lighting and background in every view.';

/** Presets that are steps of a flow rather than buttons of the presets panel. */
export const FLOW_PRESETS: readonly string[] = [TWO_STEP_SKETCH, ...Object.keys(HOSTED_PRESETS)];

export function hostedCapabilityOf(preset: string): Capability | undefined {
  return (HOSTED_PRESETS as Record<string, Capability>)[preset];
}

/** Refuses, before any credit is taken, a preset whose hosted model this server lacks. */
export function checkPresetCapability(preset: string, engine: ProviderRegistry): void {
  const capability = hostedCapabilityOf(preset);
  if (capability && !engine.has(capability)) {
    throw new AppError(501, 'capability_unavailable', NEEDS_HOSTED[preset]!, 'Not Available');
  }
}

/** Working areas §5: the sketch step of a two-step render needs at least 20 credits. */
export async function checkPresetCredits(
  db: Database,
  accountId: string,
  preset: string,
  startingCredits: number,
): Promise<void> {
  if (preset !== TWO_STEP_SKETCH) return;
  await ensureBalance(db, accountId, startingCredits);
  if (((await balanceOf(db, accountId)) ?? 0) < TWO_STEP_MIN_CREDITS) {
    throw new AppError(
      402,
      'out_of_credits',
      `Two-step render needs at least ${TWO_STEP_MIN_CREDITS} credits.`,
      'Out of Credits',
    );
  }
}

/**
 * Runs a preset that goes to a hosted capability, or answers undefined for the local engine's
 * presets. Multiview's image is padded to a square first (working areas §7).
 */
export async function runHostedPreset(
  engine: ProviderRegistry,
  preset: string,
  image: Buffer,
  onProgress: (fraction: number) => void,
): Promise<{ result: ImageResult; provider: string } | undefined> {
  if (preset === MULTIVIEW) {
    const provider = engine.for('multiview');
    if (!provider?.multiview) throw hostedMissing(preset);
    const square = await padImageToSquare(image);
    const result = await provider.multiview({
      image: square,
      prompt: MULTIVIEW_PROMPT,
      onProgress,
    });
    return { result, provider: provider.id };
  }
  const wantsRender =
    preset === TWO_STEP_RENDER || (preset === CAD_TO_RENDER && engine.has('render'));
  if (!wantsRender) return undefined;
  const provider = engine.for('render');
  if (!provider?.render) throw hostedMissing(preset);
  const result = await provider.render({ image, prompt: RENDER_PROMPTS[preset]!, onProgress });
  return { result, provider: provider.id };
}

const hostedMissing = (preset: string) =>
  new AppError(
    501,
    'capability_unavailable',
    NEEDS_HOSTED[preset] ?? 'Not available',
    'Not Available',
  );
