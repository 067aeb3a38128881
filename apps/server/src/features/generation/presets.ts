import {
  isPresetId,
  panelPresets,
  presetFacts,
  STYLE_TRANSFER,
  STYLE_TRANSFER_CREDITS,
  TWO_STEP_MIN_CREDITS,
  TWO_STEP_SKETCH,
  type PresetId,
} from '@image-lab/contract';
import { asksForStyleTransfer, presetUnavailable, type ProviderRegistry } from '@image-lab/engine';
import { AppError } from '../../platform/errors.ts';
import type { Database } from '../../platform/db.ts';
import { balanceOf, ensureBalance } from '../../platform/credits.repository.ts';

/** The presets panel's lists for GET /api/capabilities, from the contract's catalogue. */
export const presetIds = panelPresets;

/**
 * An unknown preset is 400; one this server cannot run (a hosted model it lacks) is 501,
 * before any credit is taken. Which capability serves a preset is the engine's decision.
 */
export function checkPreset(preset: string, engine: ProviderRegistry): asserts preset is PresetId {
  if (!isPresetId(preset)) throw new AppError(400, 'unknown_preset', `Unknown preset: ${preset}`);
  const missing = presetUnavailable(preset, engine);
  if (missing) throw new AppError(501, 'capability_unavailable', missing, 'Not Available');
}

const factOf = (preset: string | undefined) =>
  preset && isPresetId(preset) ? presetFacts(preset) : undefined;

/** Style transfer: the request must name a reference image. */
export const needsReference = (preset: string | undefined) =>
  Boolean(factOf(preset)?.needsReference);

/** A style application (working areas §9): the style-transfer preset, or a prompt routed to it. */
export const isStyleApplication = (fields: { preset?: string; prompt?: string }) =>
  fields.preset ? fields.preset === STYLE_TRANSFER : asksForStyleTransfer(fields.prompt ?? '');

/** What one result image costs: 10 credits for a style application, else 1 (decision 045). */
export const creditsPerImage = (fields: { preset?: string; prompt?: string }) =>
  isStyleApplication(fields) ? STYLE_TRANSFER_CREDITS : 1;

/** An upscale makes one image whatever the editor's image count says (and costs 1 credit). */
export const makesOneImage = (preset: string | undefined) => Boolean(factOf(preset)?.oneImage);

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
