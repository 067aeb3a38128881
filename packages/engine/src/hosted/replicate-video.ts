import type { VideoRequest, VideoResult } from '../provider.ts';
import { transcodeToH264 } from '../video/ffmpeg.ts';
import { VIDEO_FPS, VIDEO_SECONDS } from '../video/image-to-video.ts';
import { describeVideoTrack, Mp4FormatError, readMp4 } from '../video/mp4-boxes.ts';
import { hostedCall, type CallContext } from './call.ts';
import { estimateVideoCost } from './cost.ts';
import { HostedProviderError, looksLikeRefusal, ProviderHttpError } from './errors.ts';
import { toProviderImage } from './images.ts';
import type { ReplicateSettings } from './settings.ts';

/** The part of Replicate's prediction object this adapter reads. */
interface Prediction {
  id: string;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output?: string | string[] | null;
  error?: string | null;
}

const POLL_MS = 2_000;
/** A 3 s clip is a few MB; anything far larger is not what was asked for. */
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

const headersOf = (response: Response) => Object.fromEntries(response.headers.entries());

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new ProviderHttpError(response.status, text, headersOf(response));
  return JSON.parse(text) as T;
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Image to video on Replicate (an image-to-video model such as Wan 2.2): our stored image goes
 * up as a data URI — never an address — the prediction is awaited (Prefer: wait, then polled by
 * id on our configured base address), and the clip the model made is downloaded and re-encoded
 * to the product's format: H.264 at 24 fps, at most 3 seconds.
 */
export function replicateVideo(
  settings: ReplicateSettings & { videoModel: string },
  context: CallContext,
  pollMs = POLL_MS,
) {
  const base = (settings.baseURL ?? 'https://api.replicate.com/v1').replace(/\/$/, '');
  const auth = { authorization: `Bearer ${settings.apiToken}` };
  const model = settings.videoModel;

  async function predict(image: Buffer, prompt: string, signal: AbortSignal): Promise<Buffer> {
    const created = await fetch(`${base}/models/${model}/predictions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', prefer: 'wait=60' },
      body: JSON.stringify({
        input: { image: `data:image/jpeg;base64,${image.toString('base64')}`, prompt },
      }),
      signal,
    });
    let prediction = await readJson<Prediction>(created);
    while (prediction.status === 'starting' || prediction.status === 'processing') {
      await sleep(pollMs, signal);
      const polled = await fetch(`${base}/predictions/${encodeURIComponent(prediction.id)}`, {
        headers: auth,
        signal,
      });
      prediction = await readJson<Prediction>(polled);
    }
    if (prediction.status !== 'succeeded') {
      const reason = prediction.error ?? prediction.status;
      throw new HostedProviderError(
        looksLikeRefusal(reason) ? 'content_refused' : 'no_result',
        'replicate',
        `Replicate could not make the video: ${reason}`,
      );
    }
    const address = [prediction.output].flat().find((o): o is string => typeof o === 'string');
    if (!address || !/^https?:\/\//.test(address)) {
      throw new HostedProviderError('no_result', 'replicate', 'Replicate answered without a video');
    }
    // The provider's own delivery address from its answer (not anything a user supplied).
    const download = await fetch(address, { signal });
    if (!download.ok) {
      throw new ProviderHttpError(download.status, await download.text(), headersOf(download));
    }
    const bytes = Buffer.from(await download.arrayBuffer());
    if (bytes.length > MAX_VIDEO_BYTES) {
      throw new HostedProviderError('no_result', 'replicate', 'Replicate sent an oversized video');
    }
    return bytes;
  }

  return async function video(request: VideoRequest): Promise<VideoResult> {
    const { data: image } = await toProviderImage(request.image);
    const clip = await hostedCall(
      context,
      { provider: 'replicate', model, capability: 'video', inputImages: 1, signal: request.signal },
      (signal) => predict(image, request.prompt, signal),
      () => ({ images: 1, estimatedCostUsd: estimateVideoCost('replicate', model, 1) }),
    );
    request.onProgress?.(0.8);
    let inputSeconds: number | undefined;
    try {
      inputSeconds = describeVideoTrack(readMp4(clip)).seconds;
    } catch (error) {
      if (!(error instanceof Mp4FormatError)) throw error;
      // Not an MP4 (WebM, GIF): ffmpeg still reads it; a file it cannot read fails below.
    }
    const fps = request.fps ?? VIDEO_FPS;
    const seconds = request.seconds ?? VIDEO_SECONDS;
    let video: Buffer;
    try {
      video = await transcodeToH264(clip, {
        fps,
        maxSeconds: seconds,
        inputSeconds,
        signal: request.signal,
      });
    } catch (error) {
      throw new HostedProviderError(
        'no_result',
        'replicate',
        'Replicate sent an unreadable video',
        {
          cause: error,
        },
      );
    }
    const track = describeVideoTrack(readMp4(video));
    request.onProgress?.(1);
    return {
      video,
      contentType: 'video/mp4',
      width: track.width,
      height: track.height,
      frames: track.frames,
      fps,
      seconds: track.frames / fps,
      applied: [
        `Animated by ${model} on Replicate`,
        `${(track.frames / fps).toFixed(1)} s at ${fps} fps`,
      ],
      unsupported: [],
    };
  };
}
