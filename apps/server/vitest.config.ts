import { defineProject } from 'vitest/config';

// Integration tests share one migrated database per run (PGlite costs seconds to start), so files
// run one after another in one worker and reuse the module that holds it.
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-each-file.ts'],
    pool: 'forks',
    maxWorkers: 1,
    isolate: false,
    // Room designs and edits run real pixel work, beside the other database's run (two lanes).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
