// `npm test`: the static checks beside the unit and integration tests, then the journeys. The
// checks run at the lowest priority: the test lanes keep their two cores, and the checks take
// the time those leave idle (a server file waiting on its database, a lane running alone at
// the end), instead of three minutes of their own before them (decision 095).
import { spawnSync } from 'node:child_process';
import { runLanes } from './lanes.mjs';

const failed = await runLanes([
  { name: 'check', command: 'nice', args: ['-n', '19', 'npm', 'run', '--silent', 'check'] },
  { name: 'tests', command: 'npm', args: ['run', '--silent', 'test:unit'] },
]);
if (failed.length > 0) {
  console.error(`\nnpm test stopped before the journeys: ${failed.join(', ')} failed`);
  process.exit(1);
}
const journeys = spawnSync('npm', ['run', 'test:e2e'], { stdio: 'inherit' });
process.exit(journeys.status ?? 1);
