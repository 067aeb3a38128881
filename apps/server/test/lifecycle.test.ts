import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { fixtureWebDist, testConfig, testDatabase } from './helper.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('server process', () => {
  it('stops at start with a one-line explanation of a bad setting', async () => {
    const server = runServer({ PORT: 'abc' });
    expect(await server.exited).toBe(1);
    const { stderr } = server.output();
    expect(stderr.trim()).toBe(
      'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")',
    );
    // A cold start of the server's code takes a while on a busy machine.
  }, 60_000);

  it('starts on PGlite under DATA_DIR, serves health, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-proc-'));
    const server = runServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: fixtureWebDist,
    });
    let health: Response | undefined;
    // Start-up imports the engine's models: on a busy machine that takes well over 20 s.
    const deadline = Date.now() + 75_000;
    while (!health && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    }
    expect(health?.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('shutting down');
  }, 120_000);
});

describe('graceful close', () => {
  it('finishes an in-flight request before closing', async () => {
    const app = await buildApp({ config: testConfig(), database: await testDatabase() });
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    app.get('/api/test/slow', async () => {
      arrived();
      await new Promise((r) => setTimeout(r, 300));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const pending = fetch(`http://127.0.0.1:${port}/api/test/slow`);
    // Closed once the request is being handled (a fixed wait lost the race on a busy machine).
    await inFlight;
    await app.close();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
  });
});
