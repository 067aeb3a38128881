import type { FastifyBaseLogger } from 'fastify';
import { createHostedProviders, createLocalProvider, ProviderRegistry } from '@image-lab/engine';
import type { Config } from './config.ts';

/**
 * The engine the server runs: the hosted and self-hosted providers the configuration routes
 * capabilities to, then the local engine for everything else. Every hosted call is logged
 * with its provider, model, images and estimated cost (the cost log).
 */
export function createEngine(config: Config, log: FastifyBaseLogger): ProviderRegistry {
  const { providers, choice } = createHostedProviders(config.ai, (record) => {
    const level = record.outcome === 'ok' ? 'info' : 'warn';
    log[level]({ hostedAiCall: record }, `hosted AI call: ${record.provider} ${record.model}`);
  });
  return new ProviderRegistry([...providers, createLocalProvider()], choice);
}
