import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The ffmpeg binary that ships inside npm (@ffmpeg-installer/linux-x64, with libx264). */
export function ffmpegPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('@ffmpeg-installer/linux-x64/package.json')),
    'ffmpeg',
  );
}

export interface EncodeOptions {
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** Called for frame 0..frames-1; each buffer is width x height x 3 bytes of RGB. */
  frame: (index: number) => Buffer;
  signal?: AbortSignal;
  onFrame?: (index: number) => void;
  binary?: string;
}

/**
 * Encodes RGB frames as H.264 in an MP4: yuv420p (what every browser decodes), constant frame
 * rate, no audio, and the index moved to the front (+faststart) so playback starts at once.
 * ffmpeg is spawned with an argument list (never a shell) and fed through its stdin; it writes
 * to a private temporary file because moving the index needs a seekable output.
 */
export async function encodeH264(options: EncodeOptions): Promise<Buffer> {
  const { width, height, fps, frames, signal } = options;
  signal?.throwIfAborted();
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'image-lab-video-'));
  const output = path.join(dir, 'video.mp4');
  try {
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`],
      ...['-framerate', String(fps), '-i', 'pipe:0'],
      ...['-an', '-c:v', 'libx264', '-preset', 'medium', '-crf', '20', '-profile:v', 'high'],
      ...['-pix_fmt', 'yuv420p', '-r', String(fps), '-frames:v', String(frames)],
      ...['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'],
      ...['-movflags', '+faststart', '-f', 'mp4', '-y', output],
    ];
    await runFfmpeg(options.binary ?? ffmpegPath(), args, options);
    return await fs.promises.readFile(output);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Re-encodes a video from elsewhere (a hosted model) the way our own are made: H.264, yuv420p,
 * a constant `fps`, at most `maxSeconds`, even dimensions, no audio, index at the front. So
 * whatever the model returned, what is stored and played is the same kind of file.
 */
export async function transcodeToH264(
  input: Buffer,
  options: {
    fps: number;
    maxSeconds: number;
    /** The input's length when known: rate conversion must not add a frame at the end. */
    inputSeconds?: number;
    signal?: AbortSignal;
    binary?: string;
  },
): Promise<Buffer> {
  options.signal?.throwIfAborted();
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'image-lab-video-'));
  const source = path.join(dir, 'source');
  const output = path.join(dir, 'video.mp4');
  try {
    await fs.promises.writeFile(source, input);
    const seconds = Math.min(options.inputSeconds ?? options.maxSeconds, options.maxSeconds);
    const frames = Math.max(1, Math.round(seconds * options.fps));
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', source],
      ...['-t', String(options.maxSeconds), '-an', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
      ...['-c:v', 'libx264', '-preset', 'medium', '-crf', '20', '-profile:v', 'high'],
      ...['-pix_fmt', 'yuv420p', '-r', String(options.fps), '-vsync', 'cfr'],
      ...['-frames:v', String(frames)],
      ...['-movflags', '+faststart', '-f', 'mp4', '-y', output],
    ];
    await runFfmpeg(options.binary ?? ffmpegPath(), args, {
      width: 0,
      height: 0,
      fps: options.fps,
      frames: 0,
      frame: () => Buffer.alloc(0),
      signal: options.signal,
    });
    return await fs.promises.readFile(output);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

function runFfmpeg(binary: string, args: string[], options: EncodeOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['pipe', 'ignore', 'pipe'], shell: false });
    let stderr = '';
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      child.kill('SIGKILL');
      reject(error);
    };
    const onAbort = () => fail(options.signal?.reason ?? new Error('Aborted'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error) => fail(error));
    // ffmpeg closing its input early (it failed) is reported by its exit code below.
    child.stdin.on('error', () => {});
    const closed = new Promise<void>((r) => child.once('close', () => r()));
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      if (failed) return;
      if (code === 0) resolve();
      else fail(new Error(`ffmpeg exited with ${code}: ${stderr.trim() || 'no message'}`));
    });

    void (async () => {
      for (let i = 0; i < options.frames && !failed; i++) {
        const frame = options.frame(i);
        if (!child.stdin.write(frame)) {
          await Promise.race([new Promise<void>((r) => child.stdin.once('drain', r)), closed]);
        }
        options.onFrame?.(i);
        // Let other requests run between frames: rendering one is tens of milliseconds.
        await new Promise<void>((r) => setImmediate(r));
      }
      child.stdin.end();
    })().catch(fail);
  });
}
