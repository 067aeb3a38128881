import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createComfyUIProvider } from './comfyui.ts';
import { fillWorkflow } from './comfyui-workflows.ts';
import type { HostedProviderError } from './errors.ts';
import { comfyRoute } from './test-support/provider-routes.ts';
import {
  isJpeg,
  recordingContext,
  resultPicture,
  startStandIn,
  type StandIn,
} from './test-support/stand-in.ts';

let comfy: StandIn;
let photo: Buffer;
const { records, context } = recordingContext();

const provider = (workflows = {}) =>
  createComfyUIProvider({ url: comfy.url, checkpoint: 'sdxl.safetensors', workflows }, context);

type Queued = { prompt: Record<string, { class_type: string; inputs: Record<string, unknown> }> };

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as HostedProviderError,
  );

beforeAll(async () => {
  comfy = await startStandIn(comfyRoute(await resultPicture('png')));
  photo = await sharp({
    create: { width: 160, height: 120, channels: 3, background: { r: 10, g: 20, b: 30 } },
  })
    .jpeg()
    .toBuffer();
});
afterAll(() => comfy.close());
beforeEach(() => {
  comfy.requests.length = 0;
  records.length = 0;
});

describe('ComfyUI adapter', () => {
  it('uploads our image, queues the filled workflow, polls the history and views the output', async () => {
    const result = await provider().edit!({ image: photo, prompt: 'oil painting', numImages: 1 });
    expect(result.images.every(isJpeg)).toBe(true);
    const paths = comfy.requests.map((r) => `${r.method} ${r.path}`);
    expect(paths[0]).toBe('POST /upload/image');
    expect(paths[1]).toBe('POST /prompt');
    expect(paths.filter((p) => p.startsWith('GET /history/'))).toHaveLength(2);
    expect(paths.at(-1)).toBe('GET /view');
    const upload = comfy.requests[0]!.form!.get('image') as File;
    expect(isJpeg(Buffer.from(await upload.arrayBuffer()))).toBe(true);
    const workflow = (comfy.requests[1]!.json as Queued).prompt;
    expect(workflow['2']!.inputs.image).toBe(upload.name);
    expect(workflow['4']!.inputs.text).toBe('oil painting');
    expect(workflow['1']!.inputs.ckpt_name).toBe('sdxl.safetensors');
    expect(typeof workflow['6']!.inputs.seed).toBe('number');
    expect(workflow['9']!.inputs.amount).toBe(1);
    expect(comfy.requests.at(-1)!.query.get('type')).toBe('output');
    expect(records[0]).toMatchObject({ provider: 'comfyui', estimatedCostUsd: 0, outcome: 'ok' });
  });

  it('generates from text at about a megapixel in the asked shape', async () => {
    await provider().generate!({ prompt: 'a castle', numImages: 2, aspectRatio: '16:9' });
    const workflow = (comfy.requests[0]!.json as Queued).prompt;
    expect(workflow['3']!.inputs).toMatchObject({ width: 1344, height: 768, batch_size: 2 });
  });

  it('generates at the exact size asked for a crop (working areas §9)', async () => {
    const size = { width: 2880, height: 1152 };
    await provider().generate!({ prompt: 'a castle', numImages: 1, aspectRatio: '21:9', size });
    const workflow = (comfy.requests[0]!.json as Queued).prompt;
    expect(workflow['3']!.inputs).toMatchObject({ ...size, batch_size: 1 });
  });

  it('inpaints from an upload whose transparent pixels are the mask', async () => {
    const mask = await sharp({
      create: { width: 160, height: 120, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const result = await provider().inpaint!({ image: photo, mask, format: 'png' });
    expect(result.images).toHaveLength(1);
    const upload = comfy.requests[0]!.form!.get('image') as File;
    const stats = await sharp(Buffer.from(await upload.arrayBuffer())).stats();
    expect(stats.channels[3]!.max).toBe(0);
    expect((comfy.requests[1]!.json as Queued).prompt['3']!.class_type).toBe('VAEEncodeForInpaint');
  });

  it('uses a self-hoster’s own workflow', async () => {
    const own = { '1': { class_type: 'MyLoader', inputs: { text: 'style: {{prompt}}!' } } };
    await provider({ edit: own }).edit!({ image: photo, prompt: 'noir', numImages: 1 });
    expect((comfy.requests[1]!.json as Queued).prompt['1']!.inputs.text).toBe('style: noir!');
  });

  it('refuses a workflow ComfyUI cannot validate, and retries when it is busy', async () => {
    comfy.fail('/prompt', {
      status: 400,
      body: {
        error: {
          type: 'prompt_outputs_failed_validation',
          message: 'Prompt outputs failed validation',
          details: '',
        },
        node_errors: {},
      },
    });
    const error = await failureOf(provider().edit!({ image: photo, prompt: 'x', numImages: 1 }));
    expect(error!.failure).toBe('rejected');
    records.length = 0;
    comfy.fail('/prompt', { status: 503, body: { error: 'busy' } });
    await provider().edit!({ image: photo, prompt: 'x', numImages: 1 });
    expect(records[0]).toMatchObject({ attempts: 2, outcome: 'ok' });
  });

  it('an unreachable ComfyUI is unavailable', async () => {
    const gone = createComfyUIProvider(
      { url: 'http://127.0.0.1:9', checkpoint: 'x', workflows: {} },
      { ...context, policy: { ...context.policy, maxRetries: 1 } },
    );
    const error = await failureOf(
      gone.generate!({ prompt: 'x', numImages: 1, aspectRatio: '1:1' }),
    );
    expect(error!.failure).toBe('unavailable');
  });

  it('keeps number placeholders numbers and leaves unknown ones for ComfyUI', () => {
    expect(fillWorkflow({ a: '{{seed}}', b: 'x {{seed}}', c: ['{{other}}'] }, { seed: 7 })).toEqual(
      {
        a: 7,
        b: 'x 7',
        c: ['{{other}}'],
      },
    );
  });
});
