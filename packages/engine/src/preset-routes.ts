import {
  CAD_TO_RENDER,
  MULTIVIEW,
  PRESETS,
  TWO_STEP_RENDER,
  type PresetId,
} from '@image-lab/contract/catalogue';
import type { Capability } from './provider.ts';

/** Which capability of the registry makes a preset, with what that capability needs. */
export type PresetRoute =
  | { capability: 'preset' }
  | { capability: 'upscale'; scale: 2 | 4; method: 'model' | 'fast' }
  | { capability: 'multiview' | 'render'; prompt: string };

interface HostedRoute {
  capability: 'multiview' | 'render';
  prompt: string;
  /** Said when no provider here offers the capability. */
  missing: string;
  /** Runs as a local look when no provider offers the capability. */
  orLocal?: true;
}

const RENDER_MISSING =
  'Photorealistic rendering needs a hosted image model. This server runs only the local engine.';

/** The presets a hosted model makes: multiview and the render steps (working areas §4, §7). */
const HOSTED: Partial<Record<PresetId, HostedRoute>> = {
  [MULTIVIEW]: {
    capability: 'multiview',
    prompt:
      'Show this object from four viewpoints in a 2×2 grid on one square image: 3/4 front, side, back and 3/4 back; same object, scale, lighting and background in every view.',
    missing:
      'Multiview needs a hosted image model. This server runs only the local engine, which cannot draw an object from new angles.',
  },
  [TWO_STEP_RENDER]: {
    capability: 'render',
    prompt:
      'Turn this sketch into a photorealistic image: real materials, natural light, accurate reflections and shadows; keep every shape and the composition exactly.',
    missing: RENDER_MISSING,
  },
  [CAD_TO_RENDER]: {
    capability: 'render',
    prompt:
      'Turn this CAD model into a photorealistic product render: real materials and finishes, studio lighting, soft contact shadows; keep the geometry and viewpoint exactly.',
    missing: RENDER_MISSING,
    orLocal: true,
  },
};

const WHAT: Partial<Record<Capability, string>> = { preset: 'Presets', upscale: 'Upscaling' };

/** The registry's side of the decision: which capabilities it has. */
export interface CapabilitySet {
  has(capability: Capability): boolean;
}

/** The engine's decision: upscale model, hosted model, or the 'preset' capability (looks). */
export function presetRoute(preset: PresetId, registry: CapabilitySet): PresetRoute {
  const facts = PRESETS[preset];
  if ('upscale' in facts) {
    const { factor, fast } = facts.upscale;
    return { capability: 'upscale', scale: factor, method: fast ? 'fast' : 'model' };
  }
  const hosted = HOSTED[preset];
  if (!hosted || (hosted.orLocal && !registry.has(hosted.capability))) {
    return { capability: 'preset' };
  }
  return { capability: hosted.capability, prompt: hosted.prompt };
}

/** Why this server cannot run a preset, or undefined when it can (asked before any credit). */
export function presetUnavailable(preset: PresetId, registry: CapabilitySet): string | undefined {
  const { capability } = presetRoute(preset, registry);
  if (registry.has(capability)) return undefined;
  return HOSTED[preset]?.missing ?? `${WHAT[capability]} is not available on this server`;
}
