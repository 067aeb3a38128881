import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import { measure, report } from '../lib.ts';

/**
 * What the platform (helmet, CSRF check, request ids, zod serialisation) costs per request:
 * the real /api/health route against a bare node:http server answering the same JSON, side by
 * side in one run.
 */
export async function httpOverhead() {
  const database = await openDatabase({});
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/health`;

  const body = JSON.stringify({ status: 'ok', version: '0.0.0', database: {}, uptimeSeconds: 1 });
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  const get = (url: string) => async () => (await fetch(url)).arrayBuffer();
  const baseline = await measure('bare node:http', get(bareUrl));
  const health = await measure('GET /api/health (Fastify + db ping)', get(appUrl));
  report('HTTP overhead of the platform', [baseline, health], baseline);

  await app.close();
  await database.close();
  await new Promise((resolve) => bare.close(resolve));
}
