import { generateText, jsonSchema, Output, type LanguageModel } from 'ai';
import type { Analysis, ImageCategory } from '../analyze.ts';
import { measure } from '../image-stats.ts';
import type { PromptLanguage } from '../prompt/text.ts';
import { decodeImage, shrinkToPixels } from '../raw-image.ts';
import { hostedCall, type CallContext } from './call.ts';
import { estimateTextCost } from './cost.ts';
import { toProviderImage } from './images.ts';

const CATEGORIES: readonly ImageCategory[] = [
  'room',
  'car',
  'portrait',
  'cad',
  'landscape',
  'product',
];
const LANGUAGES: Record<PromptLanguage, string> = { en: 'English', de: 'German', fr: 'French' };

interface AnalysisAnswer {
  analysis: string;
  category: ImageCategory;
  suggestions: string[];
  categoryPrompts: string[];
}

const strings = (value: unknown, max: number) =>
  Array.isArray(value)
    ? value.filter((s): s is string => typeof s === 'string' && s.trim() !== '').slice(0, max)
    : [];

const analysisSchema = jsonSchema<AnalysisAnswer>(
  {
    type: 'object',
    properties: {
      analysis: { type: 'string', description: 'Two to four sentences about the image.' },
      category: { type: 'string', enum: [...CATEGORIES] },
      suggestions: { type: 'array', items: { type: 'string' }, description: 'Edit prompts.' },
      categoryPrompts: { type: 'array', items: { type: 'string' } },
    },
    required: ['analysis', 'category', 'suggestions', 'categoryPrompts'],
    additionalProperties: false,
  },
  {
    validate(value) {
      const v = value as Partial<AnalysisAnswer> | null;
      if (!v || typeof v.analysis !== 'string' || !v.analysis.trim()) {
        return { success: false, error: new Error('analysis missing') };
      }
      if (!CATEGORIES.includes(v.category as ImageCategory)) {
        return { success: false, error: new Error(`unknown category ${String(v.category)}`) };
      }
      return {
        success: true,
        value: {
          analysis: v.analysis.trim(),
          category: v.category as ImageCategory,
          suggestions: strings(v.suggestions, 6),
          categoryPrompts: strings(v.categoryPrompts, 5),
        },
      };
    },
  },
);

const enhanceSchema = jsonSchema<{ prompt: string }>(
  {
    type: 'object',
    properties: { prompt: { type: 'string' } },
    required: ['prompt'],
    additionalProperties: false,
  },
  {
    validate(value) {
      const prompt = (value as { prompt?: unknown } | null)?.prompt;
      return typeof prompt === 'string' && prompt.trim()
        ? { success: true, value: { prompt: prompt.trim() } }
        : { success: false, error: new Error('prompt missing') };
    },
  },
);

export interface TextBackend {
  id: string;
  context: CallContext;
  model: LanguageModel;
  modelId: string;
}

async function ask<T>(
  backend: TextBackend,
  capability: string,
  inputImages: number,
  call: (signal: AbortSignal) => Promise<{
    output: unknown;
    usage: { inputTokens?: number; outputTokens?: number };
  }>,
): Promise<T> {
  const result = await hostedCall(
    backend.context,
    { provider: backend.id, model: backend.modelId, capability, inputImages },
    call,
    (answer) => ({
      images: 0,
      inputTokens: answer.usage.inputTokens,
      outputTokens: answer.usage.outputTokens,
      estimatedCostUsd: estimateTextCost(backend.id, backend.modelId, answer.usage),
    }),
  );
  return result.output as T;
}

/** Analysis and prompt enhancement by a language model with structured output. */
export function textCapabilities(backend: TextBackend) {
  return {
    async analyze(
      image: Buffer,
      labels?: string[],
      language: PromptLanguage = 'en',
    ): Promise<Analysis> {
      const stats = measure(await shrinkToPixels(await decodeImage(image), 512 * 384));
      const input = await toProviderImage(image);
      const hint = labels?.length ? ` A detector found: ${labels.join(', ')}.` : '';
      const answer = await ask<AnalysisAnswer>(backend, 'analyze', 1, (signal) =>
        generateText({
          model: backend.model,
          maxRetries: 0,
          abortSignal: signal,
          output: Output.object({ schema: analysisSchema, name: 'image_analysis' }),
          system:
            'You analyse photos for an image editing studio. Describe what the image shows, its light, ' +
            'colour and composition; choose its category; give 3 to 5 short edit instructions that would ' +
            'improve it, and 3 to 5 instructions typical for its category (e.g. restyle a room, change a ' +
            `car's scene). Write everything in ${LANGUAGES[language]}.`,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: `Analyse this image.${hint}` },
                { type: 'image', image: input.data, mediaType: 'image/jpeg' },
              ],
            },
          ],
        }),
      );
      return { ...answer, stats };
    },

    async enhancePrompt(prompt: string): Promise<string> {
      const answer = await ask<{ prompt: string }>(backend, 'enhancePrompt', 0, (signal) =>
        generateText({
          model: backend.model,
          maxRetries: 0,
          abortSignal: signal,
          output: Output.object({ schema: enhanceSchema, name: 'enhanced_prompt' }),
          system:
            'Rewrite image editing instructions so an image model carries them out well: keep the ' +
            "person's intent and language, add specific detail about subject, light, materials and " +
            'mood, one or two sentences, no lists.',
          prompt,
        }),
      );
      return answer.prompt;
    },
  };
}
