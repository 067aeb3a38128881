// `npm run test:unit`: with TEST_DATABASE_URL set (CI), the server's integration tests on
// PostgreSQL run in a second Vitest process beside everything else. Each server project runs its
// files one after another in one worker (they share one database), and Vitest runs the projects
// of one process group by group, so in one process the PostgreSQL files would wait for the whole
// PGlite run; side by side, the two take the two cores. With arguments, plain `vitest run`.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const args = process.argv.slice(2);
const lanes =
  process.env.TEST_DATABASE_URL && args.length === 0
    ? [
        { name: 'postgres', args: ['--project', 'server-postgres'] },
        { name: 'rest', args: ['--project', '!server-postgres'] },
      ]
    : [{ name: '', args }];

const children = [];

/** One Vitest process; its lines prefixed with the lane's name when there are two. */
function run(lane) {
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...lane.args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const prefix = lane.name ? `[${lane.name}] ` : '';
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline
      .createInterface({ input: from, crlfDelay: Infinity })
      .on('line', (line) => to.write(`${prefix}${line}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

// A stopped run (Ctrl-C, CI's timeout) stops both processes.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

const codes = await Promise.all(lanes.map(run));
const failed = lanes.filter((_, i) => codes[i] !== 0).map((lane) => lane.name || 'vitest');
if (failed.length > 0)
  console.error(`\nUnit and integration tests failed in: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
