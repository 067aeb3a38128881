import { defineConfig } from 'vitest/config';

const server = './apps/server/vitest.config.ts';

// One runner for every workspace: unit tests beside the code, server integration tests on
// PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it). The server
// projects run one file at a time (one shared database each), after the others, which take two
// workers; scripts/test-unit.mjs runs the PostgreSQL project in a process of its own beside them.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: on CI's two cores, one.
    maxWorkers: 2,
    projects: [
      'packages/*/vitest.config.ts',
      'apps/web/vitest.config.ts*',
      {
        extends: server,
        root: './apps/server',
        test: { name: 'server-pglite', env: { TEST_DB: 'pglite' }, sequence: { groupOrder: 1 } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: server,
              root: './apps/server',
              test: {
                name: 'server-postgres',
                env: { TEST_DB: 'postgres' },
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
