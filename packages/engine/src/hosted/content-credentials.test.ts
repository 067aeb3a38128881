import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS } from './settings.ts';
import { createHostedProviders } from './create-hosted.ts';
import type { Provider } from '../provider.ts';
import { hasContentCredentials } from '../metadata/result-metadata.ts';
import { jpegWithManifest, pngWithManifest } from '../metadata/test-support.ts';
import { openaiRoute } from './test-support/provider-routes.ts';
import { recordingContext, startStandIn, type StandIn } from './test-support/stand-in.ts';

let standIn: StandIn | undefined;
afterEach(() => standIn?.close());

async function openaiAnswering(picture: Buffer): Promise<Provider> {
  standIn = await startStandIn(openaiRoute(picture, () => ({})));
  const { context } = recordingContext();
  const { providers } = createHostedProviders(
    {
      defaultProvider: 'openai',
      routes: {},
      policy: context.policy,
      openai: { apiKey: 'sk-test-123', baseURL: `${standIn.url}/v1`, ...DEFAULT_MODELS.openai },
    },
    context.log,
  );
  return providers[0]!;
}

const picture = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: '#4477aa' } });

describe('content credentials from a provider (issue 22)', () => {
  it('keeps a signed JPEG byte for byte', async () => {
    const signed = jpegWithManifest(await picture().jpeg().toBuffer());
    const provider = await openaiAnswering(signed);
    const result = await provider.generate!({ prompt: 'a boat', numImages: 1, aspectRatio: '3:2' });
    expect(result.images[0]!.equals(signed)).toBe(true);
    expect(result.credentialsLost).toBeUndefined();
  });

  it('says so when a signed PNG had to become a JPEG', async () => {
    const signed = pngWithManifest(await picture().png().toBuffer());
    expect(hasContentCredentials(signed)).toBe(true);
    const provider = await openaiAnswering(signed);
    const result = await provider.generate!({ prompt: 'a boat', numImages: 1, aspectRatio: '3:2' });
    expect(hasContentCredentials(result.images[0]!)).toBe(false);
    expect(result.credentialsLost).toBe(true);
  });
});
