import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { Capability, Provider } from '../provider.ts';
import type { CallContext, HostedCallLogger } from './call.ts';
import { createComfyUIProvider } from './comfyui.ts';
import { falBackend, replicateBackend } from './flux.ts';
import { googleBackends } from './google.ts';
import { imageCapabilities, type ImageBackend } from './image-calls.ts';
import { openaiBackends } from './openai.ts';
import { replicateVideo } from './replicate-video.ts';
import {
  DEFAULT_MODELS,
  PROVIDER_CAPABILITIES,
  routeCapabilities,
  type HostedProviderId,
  type HostedSettings,
  type OllamaSettings,
} from './settings.ts';
import { textCapabilities, type TextBackend } from './text-calls.ts';

/** Thrown at start when a chosen provider lacks its key or address. */
export class HostedConfigError extends Error {
  override readonly name = 'HostedConfigError';
}

function fromBackends(
  id: HostedProviderId,
  image: ImageBackend | undefined,
  text: TextBackend | undefined,
): Provider {
  const capabilities = new Set<Capability>(PROVIDER_CAPABILITIES[id]);
  const models: Partial<Record<Capability, string>> = {};
  for (const capability of capabilities) {
    if (capability === 'analyze' || capability === 'enhancePrompt') {
      if (text) models[capability] = text.modelId;
    } else if (image) {
      models[capability] = (
        capability === 'inpaint'
          ? image.inpaint
          : image[capability === 'generate' ? 'generate' : 'edit']
      )?.modelId;
    }
  }
  return {
    id,
    capabilities,
    models,
    ...(image ? imageCapabilities(image) : {}),
    ...(text ? textCapabilities(text) : {}),
  };
}

function ollamaText(settings: OllamaSettings, context: CallContext): TextBackend {
  const ollama = createOpenAICompatible({
    name: 'ollama',
    baseURL: `${settings.baseURL.replace(/\/$/, '')}/v1`,
    // Ollama follows response_format json_schema since 0.5.
    supportsStructuredOutputs: true,
  });
  return {
    id: 'ollama',
    context,
    model: ollama.chatModel(settings.model),
    modelId: settings.model,
  };
}

function build(id: HostedProviderId, settings: HostedSettings, context: CallContext): Provider {
  const missing = (what: string) =>
    new HostedConfigError(`AI provider "${id}" is chosen but ${what} is not set`);
  switch (id) {
    case 'openai': {
      if (!settings.openai) throw missing('OPENAI_API_KEY');
      const { image, text } = openaiBackends(settings.openai, context);
      return fromBackends(id, image, text);
    }
    case 'google': {
      if (!settings.google) throw missing('GOOGLE_GENERATIVE_AI_API_KEY');
      const { image, text } = googleBackends(settings.google, context);
      return fromBackends(id, image, text);
    }
    case 'fal':
      if (!settings.fal) throw missing('FAL_KEY');
      return fromBackends(id, falBackend(settings.fal, context), undefined);
    case 'replicate': {
      if (!settings.replicate) throw missing('REPLICATE_API_TOKEN');
      const provider = fromBackends(id, replicateBackend(settings.replicate, context), undefined);
      const videoModel = settings.replicate.videoModel ?? DEFAULT_MODELS.replicate.videoModel;
      return {
        ...provider,
        models: { ...provider.models, video: videoModel },
        video: replicateVideo({ ...settings.replicate, videoModel }, context),
      };
    }
    case 'comfyui': {
      if (!settings.comfyui) throw missing('COMFYUI_URL');
      const provider = createComfyUIProvider(settings.comfyui, context);
      const model = settings.comfyui.checkpoint;
      return {
        ...provider,
        models: { edit: model, generate: model, inpaint: model, render: model, restyleRoom: model },
      };
    }
    case 'ollama':
      if (!settings.ollama) throw missing('OLLAMA_BASE_URL');
      return fromBackends(id, undefined, ollamaText(settings.ollama, context));
  }
}

/**
 * The hosted and self-hosted providers the settings route capabilities to, and the routing
 * itself (capability → provider id) for the ProviderRegistry; the local engine serves the rest.
 * With no settings beyond the defaults, both are empty.
 */
export function createHostedProviders(
  settings: HostedSettings,
  log: HostedCallLogger,
): { providers: Provider[]; choice: Partial<Record<Capability, string>> } {
  const choice = routeCapabilities(settings);
  for (const [capability, id] of Object.entries(choice)) {
    if (!PROVIDER_CAPABILITIES[id].includes(capability as never)) {
      throw new HostedConfigError(`AI provider "${id}" cannot ${capability}`);
    }
  }
  const context: CallContext = { policy: settings.policy, log };
  const ids = [...new Set(Object.values(choice))];
  // A provider offers only what was routed to it, so the registry's fallback is the local engine.
  const providers = ids.map((id) => {
    const routed = Object.entries(choice).filter(([, to]) => to === id);
    return {
      ...build(id, settings, context),
      capabilities: new Set(routed.map(([capability]) => capability as Capability)),
    };
  });
  return { providers, choice };
}
