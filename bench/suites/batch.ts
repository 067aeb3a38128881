import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const IMAGES = Number(process.env.BATCH_BENCH_IMAGES ?? 100);
const WIDTH = 4000;
const HEIGHT = 3000;
/** White BG (ISNet) and one style: oil paint, the heaviest of the local looks. */
const OPERATIONS = [
  { name: 'White BG', preset: 'white-bg' },
  { name: 'Oil Paint', preset: 'oil-paint' },
];
const SOURCES = [
  'packages/engine/test/fixtures/living-room.jpg',
  'packages/engine/test/fixtures/bedroom.jpg',
  'packages/engine/test/fixtures/kitchen-dining.jpg',
  'packages/engine/test/fixtures/astronaut.png',
  'packages/engine/test/fixtures/coffee.png',
  'packages/engine/test/fixtures/rocket.jpg',
  'bench/fixtures/rooms/office-doorway.jpg',
  'bench/fixtures/rooms/wine-corner.jpg',
];

/** `n` different 12-megapixel JPEGs from the licensed photos (crop, mirror and tone vary). */
async function twelveMegapixelPhotos(n: number): Promise<Buffer[]> {
  const photos: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    const source = path.join(repoRoot, SOURCES[i % SOURCES.length]!);
    const round = Math.floor(i / SOURCES.length);
    let image = sharp(source).resize(WIDTH + round * 16, HEIGHT + round * 12, { fit: 'cover' });
    image = image.extract({ left: round * 8, top: round * 6, width: WIDTH, height: HEIGHT });
    if (round % 2) image = image.flop();
    photos.push(
      await image
        .linear(1 + (round % 5) * 0.02, 0)
        .jpeg({ quality: 90 })
        .toBuffer(),
    );
  }
  return photos;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real server (`npm run serve`) alone in a child process, so its memory is its own. */
async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-bench-batch-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      // Not 'production': the sign-up answers with its verification link (no mail to read).
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MODERATION: 'false',
      STARTING_CREDITS: String(IMAGES * 4),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (d) => (errors += d));
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start:\n${errors}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 300) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  /** The process's peak resident memory so far (the kernel's high-water mark), in MB. */
  const peakMb = () => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, origin: base, peakMb, stop };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** A verified account and its session cookie, as a person signs up. */
async function signUp(server: Server) {
  const headers = { 'content-type': 'application/json', origin: server.origin };
  const registered = await fetch(`${server.base}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.test`,
      password: 'correct horse battery',
      firstName: 'Bench',
      lastName: 'Batch',
    }),
  });
  const { verificationUrl } = (await registered.json()) as { verificationUrl: string };
  const verified = await fetch(verificationUrl.replace(/^https?:\/\/[^/]+/, server.base), {
    redirect: 'manual',
  });
  const cookie = (verified.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('sid='));
  if (!cookie) throw new Error('the bench account could not sign in');
  return { cookie, origin: server.origin };
}

type Session = Awaited<ReturnType<typeof signUp>>;

async function post(server: Server, session: Session, url: string, body: unknown) {
  const res = await fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: session.origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** The photos, ten per request as the gallery's folder drop sends them. */
async function uploadAll(server: Server, session: Session, photos: Buffer[]) {
  const uploaded: { id: string; imageUrl: string }[] = [];
  for (let at = 0; at < photos.length; at += 10) {
    const body = new FormData();
    photos.slice(at, at + 10).forEach((photo, i) => {
      body.append(
        'images',
        new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
        `${at + i}.jpg`,
      );
    });
    const res = await fetch(`${server.base}/api/batches/uploads`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin: session.origin },
      body,
    });
    if (!res.ok) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    uploaded.push(...((await res.json()) as { images: typeof uploaded }).images);
  }
  return uploaded;
}

/** The same images one request at a time, as a person editing them one after the other. */
async function oneAtATime(server: Server, session: Session, urls: string[], preset: string) {
  for (const imageUrl of urls) {
    // The edit route allows 30 a minute per account: a fast look waits for its turn.
    for (;;) {
      const res = await fetch(`${server.base}/api/edit-image`, {
        method: 'POST',
        headers: {
          cookie: session.cookie,
          origin: session.origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ imageUrl, preset, prompt: '', numImages: 1 }),
      });
      if (res.status === 429) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      if (!res.ok) throw new Error(`edit answered ${res.status}: ${await res.text()}`);
      break;
    }
  }
  return urls.length;
}

/** The same images as one batch, read every half second until it ends. */
async function asBatch(server: Server, session: Session, ids: string[], preset: string) {
  const { batch } = (await post(server, session, '/api/batches', {
    imageIds: ids,
    operation: { kind: 'preset', preset },
  })) as { batch: { id: string } };
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const res = await fetch(`${server.base}/api/batches/${batch.id}`, {
      headers: { cookie: session.cookie },
    });
    const { batch: now } = (await res.json()) as {
      batch: { status: string; counts: { succeeded: number; failed: number } };
    };
    if (now.status !== 'running') {
      if (now.counts.failed) throw new Error(`${now.counts.failed} images of the batch failed`);
      return now.counts.succeeded;
    }
  }
}

interface Row {
  operation: string;
  mode: string;
  perMinute: number;
  seconds: number;
  peakMb: number;
}

/** One operation in one mode on a fresh server: its images per minute and peak memory. */
async function phase(
  photos: Buffer[],
  operation: (typeof OPERATIONS)[number],
  mode: 'one request at a time' | 'one batch',
): Promise<Row> {
  const server = await startServer();
  try {
    const session = await signUp(server);
    const images = await uploadAll(server, session, photos);
    // The first image loads the model; the measured run starts warm, as a server that has been
    // up for a while.
    await oneAtATime(server, session, [images[0]!.imageUrl], operation.preset);
    const started = performance.now();
    const done =
      mode === 'one batch'
        ? await asBatch(
            server,
            session,
            images.map((i) => i.id),
            operation.preset,
          )
        : await oneAtATime(
            server,
            session,
            images.map((i) => i.imageUrl),
            operation.preset,
          );
    const seconds = (performance.now() - started) / 1000;
    return {
      operation: operation.name,
      mode,
      perMinute: (done / seconds) * 60,
      seconds,
      peakMb: server.peakMb(),
    };
  } finally {
    await server.stop();
  }
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

/**
 * npm run bench batch: 100 photos of 12 MP through White BG and through one style, each as one
 * batch and as 100 requests one after the other, every phase on a fresh server (PGlite, the
 * machine's JOB_CONCURRENCY, 2 by default): images per minute and the server's peak memory.
 */
export async function batch() {
  console.log(
    `\nbatch: ${IMAGES} photos of ${WIDTH} × ${HEIGHT} (12 MP), ${os.cpus().length} cores`,
  );
  const photos = await twelveMegapixelPhotos(IMAGES);
  const mb = photos.reduce((s, p) => s + p.length, 0) / 1024 / 1024;
  console.log(`  ${photos.length} JPEGs made, ${mb.toFixed(0)} MB in all`);
  const rows: Row[] = [];
  for (const operation of OPERATIONS) {
    for (const mode of ['one request at a time', 'one batch'] as const) {
      const row = await phase(photos, operation, mode);
      rows.push(row);
      console.log(
        `  ${row.operation.padEnd(10)} ${row.mode.padEnd(22)} ${row.perMinute.toFixed(2).padStart(6)} images/min  ${clock(row.seconds).padStart(8)}  peak ${row.peakMb.toFixed(0).padStart(5)} MB`,
      );
    }
    const [single, whole] = rows.slice(-2) as [Row, Row];
    console.log(
      `  ${operation.name.padEnd(10)} batch / one at a time: ${(whole.perMinute / single.perMinute).toFixed(2)}x the images per minute, ${(whole.peakMb / single.peakMb).toFixed(2)}x the peak memory`,
    );
  }
}
