// `npm run test:unit`: with TEST_DATABASE_URL set (CI), the server's integration tests on
// PostgreSQL run in a second Vitest process beside everything else. Each server project runs its
// files one after another in one worker (they share one database), and Vitest runs the projects
// of one process group by group, so in one process the PostgreSQL files would wait for the whole
// PGlite run; side by side, the two take the two cores. With arguments, plain `vitest run`.
import { runLanes } from './lanes.mjs';

const args = process.argv.slice(2);
const vitest = (name, extra) => ({
  name,
  command: process.execPath,
  args: ['node_modules/vitest/vitest.mjs', 'run', ...extra],
});
const lanes =
  process.env.TEST_DATABASE_URL && args.length === 0
    ? [
        vitest('postgres', ['--project', 'server-postgres']),
        vitest('rest', ['--project', '!server-postgres']),
      ]
    : [vitest('vitest', args)];

const failed = await runLanes(lanes);
if (failed.length > 0)
  console.error(`\nUnit and integration tests failed in: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
