import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { CallContext, HostedCallRecord } from '../call.ts';
import type { CallPolicy } from '../settings.ts';

/**
 * A local HTTP server on 127.0.0.1 that answers in a provider's wire format, for tests: the
 * providers cannot be reached from here and cost money. It records every request and can be
 * told to fail the next requests to a path the way the provider does (429, 500, 400).
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json?: unknown;
  form?: FormData;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export type Route = (request: RecordedRequest) => Answer | Promise<Answer>;

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  /** The next `times` requests whose path contains `pathPart` get this answer instead. */
  fail(pathPart: string, answer: Answer, times?: number): void;
  close(): Promise<void>;
}

async function record(req: http.IncomingMessage, url: URL): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers['content-type'] ?? '';
  const recorded: RecordedRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    body,
    text: type.startsWith('multipart/') ? '' : body.toString('utf8'),
  };
  if (type.includes('json') && body.length > 0) recorded.json = JSON.parse(recorded.text);
  if (type.startsWith('multipart/')) {
    recorded.form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': type },
    }).formData();
  }
  return recorded;
}

export async function startStandIn(route: Route): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  const failures: Array<{ pathPart: string; answer: Answer; times: number }> = [];
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded = await record(req, url);
      requests.push(recorded);
      const failure = failures.find((f) => f.times > 0 && recorded.path.includes(f.pathPart));
      if (failure) failure.times--;
      const answer = failure?.answer ?? (await route(recorded));
      const binary = Buffer.isBuffer(answer.body);
      res.writeHead(answer.status, {
        'content-type': binary ? 'image/png' : 'application/json',
        ...answer.headers,
      });
      res.end(binary ? answer.body : JSON.stringify(answer.body));
    } catch (error) {
      res.writeHead(599, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail: (pathPart, answer, times = 1) => failures.push({ pathPart, answer, times }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A small real picture, as providers answer: PNG unless asked otherwise. */
export function resultPicture(format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((x / width) * 255);
      pixels[i + 1] = Math.round((y / height) * 255);
      pixels[i + 2] = 160;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

export const isJpeg = (data: Buffer) => data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

/** True when the text holds an http(s) address: only our bytes may leave, never an address. */
export const holdsAddress = (text: string) => /https?:\/\//i.test(text);

/** A call context for adapters under test: short waits, and a cost log kept in memory. */
export function recordingContext(policy: Partial<CallPolicy> = {}) {
  const records: HostedCallRecord[] = [];
  const context: CallContext = {
    policy: { timeoutMs: 5_000, maxRetries: 2, retryBaseMs: 10, maxRetryAfterMs: 3_000, ...policy },
    log: (record) => records.push(record),
  };
  return { records, context };
}
