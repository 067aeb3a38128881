import type { CapabilitiesResponse } from '@image-lab/contract';
import { BASIC_PRESETS, CAR_PRESETS, STYLE_PRESETS, STYLE_TRANSFER } from '../contract-values';

/** The server's ids (GET /api/capabilities sends the same lists); used until it answers. */
export const DEFAULT_PRESETS: CapabilitiesResponse['presets'] = {
  styles: [...STYLE_PRESETS],
  car: [...CAR_PRESETS],
  other: [...BASIC_PRESETS, STYLE_TRANSFER],
};

export { STYLE_TRANSFER };

/**
 * Buttons of working areas §2 whose work needs a capability the server may not offer. The editor
 * has no screen for any of them yet, so they stay "coming soon" even where it is offered.
 */
export const LATER_FEATURES = [
  { id: 'cad-to-render', capability: 'restyleRoom', built: false },
  { id: 'remove-furniture', capability: 'inpaint', built: false },
  { id: 'image-to-video', capability: 'video', built: false },
  { id: 'multiview', capability: 'generate', built: false },
  { id: 'two-step-render', capability: 'generate', built: false },
  { id: 'upscale', capability: 'upscale', built: false },
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
