import crypto from 'node:crypto';
import type { AspectRatio } from '../aspect.ts';
import { ratioValue } from '../aspect.ts';
import type { ImageResult, Provider } from '../provider.ts';
import { hostedCall, type CallContext } from './call.ts';
import { HostedProviderError, ProviderHttpError } from './errors.ts';
import { BUILT_IN_WORKFLOWS, fillWorkflow } from './comfyui-workflows.ts';
import { pasteInsideMask, toJpegResult, toProviderImage, withHoleForMask } from './images.ts';
import type { ComfyUISettings } from './settings.ts';

type Kind = 'edit' | 'generate' | 'inpaint';
interface OutputImage {
  filename: string;
  subfolder: string;
  type: string;
}
interface HistoryEntry {
  outputs?: Record<string, { images?: OutputImage[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: unknown[] };
}

const NEGATIVE = 'blurry, low quality, distorted, watermark, text';
const POLL_MS = 400;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), {
      once: true,
    });
  });
}

/** ComfyUI's HTTP API: upload, queue, poll the history, fetch the outputs. */
class ComfyClient {
  constructor(private readonly root: string) {}

  async request(path: string, signal: AbortSignal, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(path, this.root), { ...init, signal });
    if (!response.ok) {
      throw new ProviderHttpError(
        response.status,
        await response.text(),
        Object.fromEntries(response.headers),
      );
    }
    return response;
  }

  async upload(image: Buffer, type: 'image/jpeg' | 'image/png', signal: AbortSignal) {
    const form = new FormData();
    const name = `image-lab-${crypto.randomUUID()}.${type === 'image/png' ? 'png' : 'jpg'}`;
    form.append('image', new Blob([new Uint8Array(image)], { type }), name);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    const uploaded = (await (
      await this.request('/upload/image', signal, { method: 'POST', body: form })
    ).json()) as { name: string; subfolder?: string };
    return uploaded.subfolder ? `${uploaded.subfolder}/${uploaded.name}` : uploaded.name;
  }

  async run(workflow: Record<string, unknown>, signal: AbortSignal): Promise<Buffer[]> {
    const queued = (await (
      await this.request('/prompt', signal, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: workflow, client_id: 'image-lab' }),
      })
    ).json()) as { prompt_id: string };
    for (;;) {
      const history = (await (
        await this.request(`/history/${encodeURIComponent(queued.prompt_id)}`, signal)
      ).json()) as Record<string, HistoryEntry>;
      const entry = history[queued.prompt_id];
      if (entry?.status?.status_str === 'error') {
        throw new HostedProviderError('no_result', 'comfyui', 'The ComfyUI workflow failed', {
          cause: entry.status.messages,
        });
      }
      if (entry?.status?.completed) return this.outputs(entry, signal);
      await sleep(POLL_MS, signal);
    }
  }

  private async outputs(entry: HistoryEntry, signal: AbortSignal): Promise<Buffer[]> {
    const images = Object.values(entry.outputs ?? {})
      .flatMap((output) => output.images ?? [])
      .filter((image) => image.type === 'output');
    return Promise.all(
      images.map(async (image) => {
        const query = new URLSearchParams({
          filename: image.filename,
          subfolder: image.subfolder,
          type: image.type,
        });
        const response = await this.request(`/view?${query}`, signal);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
  }
}

const sizeFor = (aspectRatio: AspectRatio) => {
  // About one megapixel, sides divisible by 64 as SDXL wants.
  const ratio = ratioValue(aspectRatio);
  const width = Math.round(Math.sqrt(1024 * 1024 * ratio) / 64) * 64;
  return { width, height: Math.round(width / ratio / 64) * 64 };
};

const clampCount = (n: number) => Math.min(4, Math.max(1, Math.floor(Number.isFinite(n) ? n : 1)));

/** A self-hosted ComfyUI: img2img edits and renders, text-to-image, masked fills. */
export function createComfyUIProvider(settings: ComfyUISettings, context: CallContext): Provider {
  const client = new ComfyClient(settings.url);
  const workflowOf = (kind: Kind) => settings.workflows[kind] ?? BUILT_IN_WORKFLOWS[kind];

  async function run(
    kind: Kind,
    capability: string,
    values: Record<string, string | number>,
    upload: { data: Buffer; type: 'image/jpeg' | 'image/png' } | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Buffer[]> {
    const outputs = await hostedCall(
      context,
      {
        provider: 'comfyui',
        model: settings.checkpoint,
        capability,
        inputImages: upload ? 1 : 0,
        signal,
      },
      async (attempt) => {
        const image = upload ? await client.upload(upload.data, upload.type, attempt) : '';
        const workflow = fillWorkflow(workflowOf(kind), {
          checkpoint: settings.checkpoint,
          negative: NEGATIVE,
          seed: crypto.randomInt(2 ** 31),
          image,
          ...values,
        });
        return client.run(workflow, attempt);
      },
      (images) => ({ images: images.length, estimatedCostUsd: 0 }),
    );
    if (outputs.length === 0) {
      throw new HostedProviderError('no_result', 'comfyui', 'The workflow saved no image');
    }
    return Promise.all(outputs.map((bytes) => toJpegResult(bytes, 'comfyui')));
  }

  const label = `ComfyUI (${settings.checkpoint})`;
  const img2img = async (
    capability: string,
    request: { image: Buffer; prompt: string; numImages?: number; signal?: AbortSignal },
    denoise: number,
  ): Promise<ImageResult> => {
    const input = await toProviderImage(request.image);
    const count = clampCount(request.numImages ?? 1);
    const images = await run(
      'edit',
      capability,
      { prompt: request.prompt, count, denoise },
      { data: input.data, type: 'image/jpeg' },
      request.signal,
    );
    return {
      images: images.slice(0, count),
      applied: [`${capability === 'edit' ? 'Edited' : 'Rendered'} by ${label}`],
      unsupported: [],
    };
  };

  return {
    id: 'comfyui',
    capabilities: new Set(['edit', 'generate', 'inpaint', 'render', 'restyleRoom']),
    edit: (request) => img2img('edit', request, 0.6),
    render: (request) => img2img('render', request, 0.75),
    restyleRoom: (request) =>
      img2img(
        'restyleRoom',
        { ...request, prompt: request.prompt ?? `a ${request.style} style room interior` },
        0.7,
      ),
    async generate(request) {
      const count = clampCount(request.numImages);
      const images = await run(
        'generate',
        'generate',
        { prompt: request.prompt, count, ...(request.size ?? sizeFor(request.aspectRatio)) },
        undefined,
        request.signal,
      );
      return {
        images: images.slice(0, count),
        applied: [`Generated by ${label}`],
        unsupported: [],
      };
    },
    async inpaint(request) {
      const input = await toProviderImage(request.image);
      const [filled] = await run(
        'inpaint',
        'inpaint',
        { prompt: request.prompt?.trim() || 'empty background, seamless', count: 1 },
        { data: await withHoleForMask(input, request.mask), type: 'image/png' },
        request.signal,
      );
      const image = await pasteInsideMask(
        request.image,
        filled!,
        request.mask,
        request.format ?? 'jpeg',
      );
      return { images: [image], applied: [`Masked area filled by ${label}`], unsupported: [] };
    },
  };
}
