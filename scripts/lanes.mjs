// Commands run side by side, each line of their output prefixed with its lane's name: the
// machine has two cores and most of these commands keep to one.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

/**
 * Runs every lane ({ name, command, args, then? }) at once and resolves with the names of those
 * that failed. A lane's `then` ({ command, args }, one or several) runs after its command, one
 * after another whatever each ended with, and the lane fails if any did. A stopped run (Ctrl-C,
 * CI's timeout) stops them all.
 */
export async function runLanes(lanes) {
  const children = [];
  const stop = (signal) => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stop);
  const step = (lane, { command, args }) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    const prefix = lane.name && lanes.length > 1 ? `[${lane.name}] ` : '';
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline
        .createInterface({ input: from, crlfDelay: Infinity })
        .on('line', (line) => to.write(`${prefix}${line}\n`));
    }
    return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  };
  const run = async (lane) => {
    let code = await step(lane, lane);
    for (const next of [lane.then ?? []].flat()) code = Math.max(code, await step(lane, next));
    return code;
  };
  const codes = await Promise.all(lanes.map(run));
  return lanes.filter((_, i) => codes[i] !== 0).map((lane) => lane.name || lane.command);
}
