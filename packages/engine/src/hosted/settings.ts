import type { Capability } from '../provider.ts';

export const HOSTED_PROVIDER_IDS = [
  'openai',
  'google',
  'fal',
  'replicate',
  'comfyui',
  'ollama',
] as const;
export type HostedProviderId = (typeof HOSTED_PROVIDER_IDS)[number];

/** The capabilities a hosted or self-hosted provider can be chosen for. */
export const ROUTABLE_CAPABILITIES = [
  'edit',
  'generate',
  'inpaint',
  'render',
  'multiview',
  'restyleRoom',
  'video',
  'analyze',
  'enhancePrompt',
] as const satisfies readonly Capability[];
export type RoutableCapability = (typeof ROUTABLE_CAPABILITIES)[number];

/** What each provider offers through its adapter (decision 017 explains the gaps). */
export const PROVIDER_CAPABILITIES: Record<HostedProviderId, readonly RoutableCapability[]> = {
  openai: [
    'edit',
    'generate',
    'inpaint',
    'render',
    'multiview',
    'restyleRoom',
    'analyze',
    'enhancePrompt',
  ],
  google: ['edit', 'generate', 'render', 'multiview', 'restyleRoom', 'analyze', 'enhancePrompt'],
  fal: ['edit', 'generate', 'inpaint', 'render', 'multiview', 'restyleRoom'],
  replicate: ['edit', 'generate', 'inpaint', 'render', 'multiview', 'restyleRoom', 'video'],
  comfyui: ['edit', 'generate', 'inpaint', 'render', 'restyleRoom'],
  ollama: ['analyze', 'enhancePrompt'],
};

export interface CallPolicy {
  /** Per attempt; a slower answer is abandoned and reported as a timeout. */
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx or a dropped connection. */
  maxRetries: number;
  /** First backoff step; doubled each retry, unless the provider sends Retry-After. */
  retryBaseMs: number;
  /** A Retry-After longer than this is not waited for: the call fails as rate limited. */
  maxRetryAfterMs: number;
}

export interface OpenAISettings {
  apiKey: string;
  baseURL?: string;
  imageModel: string;
  textModel: string;
}

export interface GoogleSettings {
  apiKey: string;
  baseURL?: string;
  imageModel: string;
  textModel: string;
}

export interface FalSettings {
  apiKey: string;
  baseURL?: string;
  /** FLUX Kontext: edits with an input image, and text-to-image. */
  editModel: string;
  generateModel: string;
  /** FLUX Fill: inpainting with a mask. */
  inpaintModel: string;
}

export interface ReplicateSettings {
  apiToken: string;
  baseURL?: string;
  editModel: string;
  generateModel: string;
  inpaintModel: string;
  /** Image to video (e.g. Wan 2.2); the clip is re-encoded to 24 fps H.264, at most 3 s. */
  videoModel?: string;
}

export interface ComfyUISettings {
  url: string;
  /** Checkpoint file name the built-in workflows load. */
  checkpoint: string;
  /** API-format workflow JSON (with {{placeholders}}) replacing a built-in one. */
  workflows: Partial<Record<'edit' | 'generate' | 'inpaint', unknown>>;
}

export interface OllamaSettings {
  /** The server root, e.g. http://127.0.0.1:11434 (its OpenAI-compatible API is under /v1). */
  baseURL: string;
  model: string;
}

export interface HostedSettings {
  /** Provider for every capability it offers; the local engine does the rest. */
  defaultProvider: HostedProviderId | 'local';
  /** Per capability, overriding defaultProvider ('local' keeps it on the local engine). */
  routes: Partial<Record<RoutableCapability, HostedProviderId | 'local'>>;
  policy: CallPolicy;
  openai?: OpenAISettings;
  google?: GoogleSettings;
  fal?: FalSettings;
  replicate?: ReplicateSettings;
  comfyui?: ComfyUISettings;
  ollama?: OllamaSettings;
}

export const DEFAULT_POLICY: CallPolicy = {
  timeoutMs: 120_000,
  maxRetries: 2,
  retryBaseMs: 1_000,
  maxRetryAfterMs: 30_000,
};

export const DEFAULT_MODELS = {
  openai: { imageModel: 'gpt-image-1', textModel: 'gpt-4.1-mini' },
  google: { imageModel: 'gemini-2.5-flash-image', textModel: 'gemini-2.5-flash' },
  fal: {
    editModel: 'fal-ai/flux-pro/kontext',
    generateModel: 'fal-ai/flux-pro/kontext/text-to-image',
    inpaintModel: 'fal-ai/flux-pro/v1/fill',
  },
  replicate: {
    editModel: 'black-forest-labs/flux-kontext-pro',
    generateModel: 'black-forest-labs/flux-kontext-pro',
    inpaintModel: 'black-forest-labs/flux-fill-pro',
    videoModel: 'wan-video/wan-2.2-i2v-fast',
  },
  comfyui: { checkpoint: 'sd_xl_base_1.0.safetensors' },
  ollama: { model: 'qwen2.5vl' },
} as const;

/**
 * Which provider serves each routable capability: the per-capability choice, else the default
 * provider when it offers the capability, else the local engine (absent from the map).
 */
export function routeCapabilities(
  settings: Pick<HostedSettings, 'defaultProvider' | 'routes'>,
): Partial<Record<RoutableCapability, HostedProviderId>> {
  const chosen: Partial<Record<RoutableCapability, HostedProviderId>> = {};
  for (const capability of ROUTABLE_CAPABILITIES) {
    const wanted = settings.routes[capability];
    if (wanted === 'local') continue;
    if (wanted) {
      chosen[capability] = wanted;
      continue;
    }
    const fallback = settings.defaultProvider;
    if (fallback !== 'local' && PROVIDER_CAPABILITIES[fallback].includes(capability)) {
      chosen[capability] = fallback;
    }
  }
  return chosen;
}
