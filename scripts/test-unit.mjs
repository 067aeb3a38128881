// `npm run test:unit`: with TEST_DATABASE_URL set (CI), two Vitest processes side by side, one
// per core. Each server project runs its files one after another in one worker (they share one
// database), so the PGlite files are cut in two shards, each with its own in-memory database, one
// at the end of each lane: the PostgreSQL files, the engine's thread tests and the first shard;
// the engine, web and contract tests (two workers), then the second (decision 095). With
// arguments, or without a database URL, plain `vitest run`.
import { runLanes } from './lanes.mjs';

const args = process.argv.slice(2);
const vitest = (name, extra) => ({
  name,
  command: process.execPath,
  args: ['node_modules/vitest/vitest.mjs', 'run', ...extra],
});
/**
 * The engine's tests of its worker threads, about two minutes of the rest lane on CI: as
 * filters of the engine project, and as globs from the projects' roots.
 */
const THREAD_TESTS = ['src/threads/', 'src/rooms/room-thread.test.ts'];
const THREAD_GLOBS = ['**/src/threads/**', '**/src/rooms/room-thread.test.ts'];
const pglite = (shard) => vitest('', ['--project', 'server-pglite', `--shard=${shard}/2`]);
const lanes =
  process.env.TEST_DATABASE_URL && args.length === 0
    ? [
        {
          ...vitest('postgres', ['--project', 'server-postgres']),
          then: [vitest('', ['--project', 'engine', ...THREAD_TESTS]), pglite(1)],
        },
        {
          ...vitest('rest', [
            '--project',
            '!server-*',
            ...THREAD_GLOBS.flatMap((glob) => ['--exclude', glob]),
          ]),
          then: pglite(2),
        },
      ]
    : [vitest('vitest', args)];

const failed = await runLanes(lanes);
if (failed.length > 0)
  console.error(`\nUnit and integration tests failed in: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
