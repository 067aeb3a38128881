import type { CapabilitiesResponse } from '@image-lab/contract';
import {
  BASIC_PRESETS,
  CAD_TO_RENDER,
  CAR_PRESETS,
  STYLE_PRESETS,
  STYLE_TRANSFER,
} from '../contract-values';

/** The server's ids (GET /api/capabilities sends the same lists); used until it answers. */
export const DEFAULT_PRESETS: CapabilitiesResponse['presets'] = {
  styles: [...STYLE_PRESETS],
  car: [...CAR_PRESETS],
  other: [...BASIC_PRESETS, STYLE_TRANSFER, CAD_TO_RENDER],
};

export { STYLE_TRANSFER };

/**
 * Buttons of working areas §2 whose work needs a capability the server may not offer. The editor
 * has no screen for any of them yet, so they stay "coming soon" even where it is offered.
 * (Image to Video, Two-step render and Multiview are RenderTools; CAD to render is a preset;
 * Upscale is UpscaleMenu.)
 */
export const LATER_FEATURES = [
  { id: 'remove-furniture', capability: 'inpaint', built: false },
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

/** The upscale presets (`upscale-2x`, `upscale-4x-fast`, ...) behind the Upscale menu. */
export const isUpscalePreset = (preset: string | null) => Boolean(preset?.startsWith('upscale-'));
