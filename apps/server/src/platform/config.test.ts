import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:5000');
  });

  it('reads PORT and DATA_DIR', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/x' });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/tmp/x');
  });

  it.each([
    [
      { PORT: 'abc' },
      'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")',
    ],
    [{ PORT: '70000' }, 'PORT must be a whole number between 1 and 65535 (got "70000")'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres://'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false'],
    [{ PROCESS_ROLE: 'both' }, 'PROCESS_ROLE Invalid option'],
    [{ PROCESS_ROLE: 'worker' }, 'PROCESS_ROLE=worker needs REDIS_URL and DATABASE_URL'],
    [
      { PROCESS_ROLE: 'web', DATABASE_URL: 'postgres://db/x' },
      'PROCESS_ROLE=web needs REDIS_URL and DATABASE_URL',
    ],
  ])('refuses %o with a one-line explanation', (env, expected) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(expected);
    expect((error as Error).message).not.toContain('\n');
  });

  it('runs everything in one process unless told to split web and worker', () => {
    expect(loadConfig({}).processRole).toBe('all');
    const split = { REDIS_URL: 'redis://r:6379', DATABASE_URL: 'postgres://db/x' };
    expect(loadConfig({ ...split, PROCESS_ROLE: 'worker' }).processRole).toBe('worker');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(5000);
  });
});
