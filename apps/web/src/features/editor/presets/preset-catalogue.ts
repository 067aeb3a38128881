import type { CapabilitiesResponse } from '@image-lab/contract';
import { PRESETS, STYLE_TRANSFER, isPresetId, panelPresets } from '@/lib/contract-values';

/** The server's ids (GET /api/capabilities sends the same lists); used until it answers. */
export const DEFAULT_PRESETS: CapabilitiesResponse['presets'] = panelPresets();

export { STYLE_TRANSFER };

/**
 * Buttons of working areas §2 (and issue 16's Remove object) whose work needs a capability the
 * server may not offer: "coming soon" where it is not. Both removals are prompts to the edit
 * call ("remove it" on the selection, "remove the furniture" on the whole picture).
 * (Image to Video, Two-step render and Multiview are RenderTools; CAD to render is a preset;
 * Upscale is UpscaleMenu.)
 */
export const LATER_FEATURES = [
  { id: 'remove-object', capability: 'inpaint', built: true },
  { id: 'remove-furniture', capability: 'inpaint', built: true },
] as const;

export type LaterFeature = (typeof LATER_FEATURES)[number];

export function isFeatureReady(
  feature: { capability: string; built: boolean },
  capabilities: CapabilitiesResponse['capabilities'] | undefined,
): boolean {
  const offered = capabilities?.some((c) => c.capability === feature.capability && c.available);
  return Boolean(offered) && feature.built;
}

export type PressKind = 'press' | 'hold';

/**
 * A press applies a preset; holding it 1 s locks it so it applies to every new upload; pressing
 * the locked preset again unlocks it (working areas §4).
 */
export function presetPressOutcome(lockedId: string | null, id: string, kind: PressKind) {
  if (kind === 'hold') return { locked: id, apply: false };
  if (lockedId === id) return { locked: null, apply: false };
  return { locked: lockedId, apply: true };
}

/** The upscale presets of the catalogue, behind the Upscale menu. */
export const isUpscalePreset = (preset: string | null) =>
  preset !== null && isPresetId(preset) && PRESETS[preset].group === 'upscale';
