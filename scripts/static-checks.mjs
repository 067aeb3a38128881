// `npm run check`: the type check (in two halves) beside the lint. Each keeps to one core; side
// by side on two cores the three take about half the time they take one after another.
import { runLanes } from './lanes.mjs';

const tsc = (name, projects) => ({
  name,
  command: 'sh',
  args: ['-c', projects.map((p) => `node node_modules/typescript/bin/tsc -p ${p}`).join(' && ')],
});
const failed = await runLanes([
  tsc('types 1', ['packages/contract', 'packages/engine', 'apps/server']),
  tsc('types 2', ['apps/web', 'e2e', 'bench']),
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
]);
if (failed.length > 0) console.error(`\nStatic checks failed in: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
