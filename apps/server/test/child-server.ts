import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const mainFile = path.resolve(here, '../src/main.ts');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ChildServer {
  base: string;
  process: ChildProcess;
  output: () => string;
  /** SIGKILL: no shutdown hook runs, as when the machine or the OOM killer ends it. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the graceful way, so the embedded database is flushed. */
  stop(): Promise<void>;
}

/**
 * The real server (src/main.ts) as a child process, as `npm run serve` starts it; ready once
 * /api/health answers, or, for a worker (which listens nowhere), once its output says `ready`.
 */
export async function startChildServer(
  env: Record<string, string>,
  ready?: (output: string) => boolean,
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${log}`);
    const ok = ready
      ? ready(log)
      : await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    process: child,
    output: () => log,
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Reads a server-sent event stream and resolves when an event matches. */
export function watchEvents(response: Response) {
  const seen: { type: string; data: unknown }[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const waiters: { test: (e: { type: string; data: unknown }) => boolean; done: () => void }[] = [];
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value);
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.+)$/m.exec(block)?.[1];
        if (!type) continue;
        const event = { type, data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') };
        seen.push(event);
        for (const w of waiters.filter((w) => w.test(event))) w.done();
      }
    }
  })();
  return {
    seen,
    until: (test: (e: { type: string; data: unknown }) => boolean, ms = 60_000) =>
      new Promise<void>((resolve, reject) => {
        if (seen.some(test)) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`no such event: ${JSON.stringify(seen)}`)),
          ms,
        );
        waiters.push({ test, done: () => (clearTimeout(timer), resolve()) });
      }),
    close: () => reader.cancel().catch(() => {}),
  };
}

/** Every file under a folder, relative to it. */
export function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(folder, f)).isFile())
    .sort();
}
