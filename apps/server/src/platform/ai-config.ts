import fs from 'node:fs';
import {
  createHostedProviders,
  DEFAULT_MODELS,
  HostedConfigError,
  DEFAULT_POLICY,
  HOSTED_PROVIDER_IDS,
  type HostedSettings,
  type RoutableCapability,
} from '@image-lab/engine';
import { z } from 'zod';

const url = z.url({ message: 'must be an absolute http(s) URL' });
const providerName = z.enum(['local', ...HOSTED_PROVIDER_IDS], {
  message: `must be one of local, ${HOSTED_PROVIDER_IDS.join(', ')}`,
});
const whole = (min: number, max: number) =>
  z.coerce
    .number({ message: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);
const readsAsJson = (file: string) => {
  try {
    JSON.parse(fs.readFileSync(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
};
const workflowFile = z
  .string()
  .refine(readsAsJson, 'must name a readable ComfyUI workflow in API format (JSON)')
  .optional();

/** The hosted-AI part of the environment (decision 017); merged into config.ts's EnvSchema. */
export const AI_ENV_SHAPE = {
  /** The provider for every capability it offers; the local engine keeps the rest. */
  AI_PROVIDER: providerName.default('local'),
  AI_PROVIDER_EDIT: providerName.optional(),
  AI_PROVIDER_GENERATE: providerName.optional(),
  AI_PROVIDER_INPAINT: providerName.optional(),
  AI_PROVIDER_RENDER: providerName.optional(),
  AI_PROVIDER_MULTIVIEW: providerName.optional(),
  AI_PROVIDER_RESTYLE_ROOM: providerName.optional(),
  AI_PROVIDER_VIDEO: providerName.optional(),
  AI_PROVIDER_ANALYZE: providerName.optional(),
  AI_PROVIDER_ENHANCE_PROMPT: providerName.optional(),
  AI_TIMEOUT_SECONDS: whole(1, 900).default(DEFAULT_POLICY.timeoutMs / 1000),
  AI_MAX_RETRIES: whole(0, 10).default(DEFAULT_POLICY.maxRetries),
  /** First backoff step; tests shorten it. */
  AI_RETRY_BASE_MS: whole(1, 60_000).default(DEFAULT_POLICY.retryBaseMs),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: url.optional(),
  OPENAI_IMAGE_MODEL: z.string().min(1).default(DEFAULT_MODELS.openai.imageModel),
  OPENAI_TEXT_MODEL: z.string().min(1).default(DEFAULT_MODELS.openai.textModel),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().min(1).optional(),
  GOOGLE_GENERATIVE_AI_BASE_URL: url.optional(),
  GOOGLE_IMAGE_MODEL: z.string().min(1).default(DEFAULT_MODELS.google.imageModel),
  GOOGLE_TEXT_MODEL: z.string().min(1).default(DEFAULT_MODELS.google.textModel),
  FAL_KEY: z.string().min(1).optional(),
  FAL_BASE_URL: url.optional(),
  FAL_EDIT_MODEL: z.string().min(1).default(DEFAULT_MODELS.fal.editModel),
  FAL_GENERATE_MODEL: z.string().min(1).default(DEFAULT_MODELS.fal.generateModel),
  FAL_INPAINT_MODEL: z.string().min(1).default(DEFAULT_MODELS.fal.inpaintModel),
  REPLICATE_API_TOKEN: z.string().min(1).optional(),
  REPLICATE_BASE_URL: url.optional(),
  REPLICATE_EDIT_MODEL: z.string().min(1).default(DEFAULT_MODELS.replicate.editModel),
  REPLICATE_GENERATE_MODEL: z.string().min(1).default(DEFAULT_MODELS.replicate.generateModel),
  REPLICATE_INPAINT_MODEL: z.string().min(1).default(DEFAULT_MODELS.replicate.inpaintModel),
  REPLICATE_VIDEO_MODEL: z.string().min(1).default(DEFAULT_MODELS.replicate.videoModel),
  COMFYUI_URL: url.optional(),
  COMFYUI_CHECKPOINT: z.string().min(1).default(DEFAULT_MODELS.comfyui.checkpoint),
  COMFYUI_WORKFLOW_EDIT: workflowFile,
  COMFYUI_WORKFLOW_GENERATE: workflowFile,
  COMFYUI_WORKFLOW_INPAINT: workflowFile,
  OLLAMA_BASE_URL: url.optional(),
  OLLAMA_MODEL: z.string().min(1).default(DEFAULT_MODELS.ollama.model),
};

type AiEnv = z.output<z.ZodObject<typeof AI_ENV_SHAPE>>;

const ROUTE_VARIABLES: Record<RoutableCapability, keyof AiEnv> = {
  edit: 'AI_PROVIDER_EDIT',
  generate: 'AI_PROVIDER_GENERATE',
  inpaint: 'AI_PROVIDER_INPAINT',
  render: 'AI_PROVIDER_RENDER',
  multiview: 'AI_PROVIDER_MULTIVIEW',
  restyleRoom: 'AI_PROVIDER_RESTYLE_ROOM',
  video: 'AI_PROVIDER_VIDEO',
  analyze: 'AI_PROVIDER_ANALYZE',
  enhancePrompt: 'AI_PROVIDER_ENHANCE_PROMPT',
};

const readWorkflow = (file: string | undefined) =>
  file ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown) : undefined;

/** The engine's hosted-provider settings from the parsed environment. */
export function toHostedSettings(env: AiEnv): HostedSettings {
  const routes: HostedSettings['routes'] = {};
  for (const [capability, variable] of Object.entries(ROUTE_VARIABLES)) {
    const value = env[variable] as HostedSettings['defaultProvider'] | undefined;
    if (value) routes[capability as RoutableCapability] = value;
  }
  return {
    defaultProvider: env.AI_PROVIDER,
    routes,
    policy: {
      ...DEFAULT_POLICY,
      timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
      maxRetries: env.AI_MAX_RETRIES,
      retryBaseMs: env.AI_RETRY_BASE_MS,
    },
    openai: env.OPENAI_API_KEY
      ? {
          apiKey: env.OPENAI_API_KEY,
          baseURL: env.OPENAI_BASE_URL,
          imageModel: env.OPENAI_IMAGE_MODEL,
          textModel: env.OPENAI_TEXT_MODEL,
        }
      : undefined,
    google: env.GOOGLE_GENERATIVE_AI_API_KEY
      ? {
          apiKey: env.GOOGLE_GENERATIVE_AI_API_KEY,
          baseURL: env.GOOGLE_GENERATIVE_AI_BASE_URL,
          imageModel: env.GOOGLE_IMAGE_MODEL,
          textModel: env.GOOGLE_TEXT_MODEL,
        }
      : undefined,
    fal: env.FAL_KEY
      ? {
          apiKey: env.FAL_KEY,
          baseURL: env.FAL_BASE_URL,
          editModel: env.FAL_EDIT_MODEL,
          generateModel: env.FAL_GENERATE_MODEL,
          inpaintModel: env.FAL_INPAINT_MODEL,
        }
      : undefined,
    replicate: env.REPLICATE_API_TOKEN
      ? {
          apiToken: env.REPLICATE_API_TOKEN,
          baseURL: env.REPLICATE_BASE_URL,
          editModel: env.REPLICATE_EDIT_MODEL,
          generateModel: env.REPLICATE_GENERATE_MODEL,
          inpaintModel: env.REPLICATE_INPAINT_MODEL,
          videoModel: env.REPLICATE_VIDEO_MODEL,
        }
      : undefined,
    comfyui: env.COMFYUI_URL
      ? {
          url: env.COMFYUI_URL,
          checkpoint: env.COMFYUI_CHECKPOINT,
          workflows: {
            edit: readWorkflow(env.COMFYUI_WORKFLOW_EDIT),
            generate: readWorkflow(env.COMFYUI_WORKFLOW_GENERATE),
            inpaint: readWorkflow(env.COMFYUI_WORKFLOW_INPAINT),
          },
        }
      : undefined,
    ollama: env.OLLAMA_BASE_URL
      ? { baseURL: env.OLLAMA_BASE_URL, model: env.OLLAMA_MODEL }
      : undefined,
  };
}

/** Why these settings cannot work (a chosen provider without its key, ...), checked at start. */
export function hostedConfigProblem(settings: HostedSettings): string | undefined {
  try {
    createHostedProviders(settings, () => {});
    return undefined;
  } catch (error) {
    if (error instanceof HostedConfigError) return error.message;
    throw error;
  }
}
