import { defineConfig } from 'vitest/config';

const server = './apps/server/vitest.config.ts';

// One runner for every workspace: unit tests beside the code, server integration tests on
// PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/web/vitest.config.ts*',
      {
        extends: server,
        root: './apps/server',
        test: { name: 'server-pglite', env: { TEST_DB: 'pglite' } },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: server,
              root: './apps/server',
              test: { name: 'server-postgres', env: { TEST_DB: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
