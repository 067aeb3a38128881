import { configDefaults, defineConfig } from 'vitest/config';

const server = './apps/server/vitest.config.ts';

/**
 * What the PostgreSQL run leaves to the PGlite run. PGlite is PostgreSQL itself compiled to
 * WebAssembly: the SQL, its types and its constraints are the same. What differs is the driver,
 * the pool, transactions racing each other and several processes on one database, and every
 * file that exercises those runs on both (batch processes, web and worker, two processes, crash
 * recovery, billing concurrency and two tabs, job leases, whiteboard merges, the repositories).
 * Left out: files whose time goes into pixels (room designs, masks, models, video frames) and
 * sweeps of routes and inputs whose queries the others already run on PostgreSQL; together
 * about seven of the lane's twelve minutes on CI's two cores (decision 095).
 */
const PGLITE_ONLY = [
  // pixels
  'edit-image-selection',
  'edit-image-text',
  'hosted-selection',
  'local-models',
  'remove-object',
  'render-presets',
  'rooms',
  'rooms-hosted',
  'rooms-more-styles',
  'rooms-stored-images',
  'video',
  // sweeps of routes and inputs, and the embedded start
  'bad-input-sweep',
  'download-all',
  'file-access',
  'fuzz',
  'guest-editing',
  'images-upload',
  'lifecycle',
  'permissions',
  'projects-sharing',
  'recipes',
].map((name) => `test/${name}.test.ts`);

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
                exclude: [...configDefaults.exclude, ...PGLITE_ONLY],
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
