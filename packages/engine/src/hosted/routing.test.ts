import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalProvider } from '../local-provider.ts';
import { ProviderRegistry } from '../registry.ts';
import { createHostedProviders, HostedConfigError } from './create-hosted.ts';
import { retryAfterMs, type HostedProviderError } from './errors.ts';
import { DEFAULT_MODELS, routeCapabilities, type HostedSettings } from './settings.ts';
import { openaiRoute } from './test-support/provider-routes.ts';
import {
  recordingContext,
  resultPicture,
  startStandIn,
  type StandIn,
} from './test-support/stand-in.ts';

const { records, context } = recordingContext();
const base: HostedSettings = { defaultProvider: 'local', routes: {}, policy: context.policy };

describe('routing capabilities to providers', () => {
  it('sends nothing anywhere by default', () => {
    expect(routeCapabilities(base)).toEqual({});
    expect(createHostedProviders(base, context.log)).toEqual({ providers: [], choice: {} });
  });

  it('AI_PROVIDER takes every capability its provider has; overrides win, local included', () => {
    expect(routeCapabilities({ defaultProvider: 'fal', routes: {} })).toEqual({
      edit: 'fal',
      generate: 'fal',
      inpaint: 'fal',
      render: 'fal',
      multiview: 'fal',
      restyleRoom: 'fal',
    });
    expect(
      routeCapabilities({
        defaultProvider: 'openai',
        routes: { inpaint: 'local', analyze: 'ollama', enhancePrompt: 'ollama' },
      }),
    ).toEqual({
      edit: 'openai',
      generate: 'openai',
      render: 'openai',
      multiview: 'openai',
      restyleRoom: 'openai',
      analyze: 'ollama',
      enhancePrompt: 'ollama',
    });
  });

  it('the registry keeps the local engine for everything else', () => {
    const { providers, choice } = createHostedProviders(
      { ...base, defaultProvider: 'fal', fal: { apiKey: 'k', ...DEFAULT_MODELS.fal } },
      context.log,
    );
    const registry = new ProviderRegistry([...providers, createLocalProvider()], choice);
    expect(registry.for('edit')?.id).toBe('fal');
    expect(registry.for('preset')?.id).toBe('local');
    expect(registry.for('analyze')?.id).toBe('local');
    expect(registry.for('multiview')?.models?.multiview).toBe('fal-ai/flux-pro/kontext');
  });

  it('refuses at start a provider without its key, or asked for what it cannot do', () => {
    expect(() =>
      createHostedProviders({ ...base, defaultProvider: 'openai' }, context.log),
    ).toThrow('AI provider "openai" is chosen but OPENAI_API_KEY is not set');
    expect(() =>
      createHostedProviders(
        { ...base, routes: { analyze: 'fal' }, fal: { apiKey: 'k', ...DEFAULT_MODELS.fal } },
        context.log,
      ),
    ).toThrow(HostedConfigError);
  });

  it('reads Retry-After as seconds, as a date and as retry-after-ms', () => {
    expect(retryAfterMs({ 'retry-after': '2' })).toBe(2000);
    expect(retryAfterMs({ 'Retry-After-Ms': '150' })).toBe(150);
    const inFive = new Date(Date.now() + 5000).toUTCString();
    expect(retryAfterMs({ 'retry-after': inFive })).toBeGreaterThan(3000);
    expect(retryAfterMs({})).toBeUndefined();
  });
});

describe('Ollama through its OpenAI-compatible API', () => {
  let ollama: StandIn;
  let answer: unknown;
  const provider = () =>
    createHostedProviders(
      {
        ...base,
        routes: { analyze: 'ollama', enhancePrompt: 'ollama' },
        ollama: { baseURL: ollama.url, model: 'qwen2.5vl' },
      },
      context.log,
    ).providers[0]!;

  beforeAll(async () => {
    ollama = await startStandIn(openaiRoute(await resultPicture(), () => answer));
  });
  afterAll(() => ollama.close());

  it('analyses with a JSON schema on /v1/chat/completions, free of charge', async () => {
    answer = { analysis: 'Un chat.', category: 'portrait', suggestions: [], categoryPrompts: [] };
    const photo = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer();
    const result = await provider().analyze!(photo, undefined, 'fr');
    expect(result.analysis).toBe('Un chat.');
    const sent = ollama.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    const body = sent.json as { model: string; response_format: { type: string } };
    expect(body.model).toBe('qwen2.5vl');
    expect(body.response_format.type).toBe('json_schema');
    expect(sent.text).toContain('data:image/jpeg;base64,');
    expect(records.at(-1)).toMatchObject({ provider: 'ollama', estimatedCostUsd: 0 });
  });

  it('an answer that does not fit the schema is no result; a missing model is misconfigured', async () => {
    answer = { analysis: 'x', category: 'spaceship' };
    const bad = await provider().enhancePrompt!('x').catch((e: HostedProviderError) => e);
    expect((bad as HostedProviderError).failure).toBe('no_result');
    ollama.fail('/chat/completions', {
      status: 404,
      body: {
        error: {
          message: 'model "qwen2.5vl" not found, try pulling it first',
          type: 'not_found_error',
        },
      },
    });
    const missing = await provider().enhancePrompt!('x').catch((e: HostedProviderError) => e);
    expect((missing as HostedProviderError).failure).toBe('misconfigured');
  });
});
