import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from './config.ts';
import { scheduleBackground, type ProcessRole } from './process-role.ts';

async function runsOfBackgroundTask(role: ProcessRole): Promise<number> {
  const app = Fastify();
  app.decorate('config', { processRole: role } as Config);
  let runs = 0;
  scheduleBackground(app, {
    name: 'counting',
    everyMs: 60_000,
    run: async () => runs++,
    awaitFirst: true,
  });
  await app.ready();
  await app.close();
  return runs;
}

describe('scheduleBackground', () => {
  it('runs in one process doing everything and in a worker, never in a web process', async () => {
    expect(await runsOfBackgroundTask('all')).toBe(1);
    expect(await runsOfBackgroundTask('worker')).toBe(1);
    expect(await runsOfBackgroundTask('web')).toBe(0);
  });
});
