// The engine thread (engine-thread.ts): runs named tasks from engine-tasks.ts one at a time.
// Plain JavaScript that registers its own TypeScript hooks (ts-hooks.mjs), so it starts the
// same under node, tsx and vitest, and its pixel loops run at full speed.
import { register } from 'node:module';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';

register('./ts-hooks.mjs', import.meta.url);

// Below the server's own thread and the browser: on Linux a thread's priority is its own (and
// the threads it starts inherit it), so pages and logins are answered first on a busy machine.
try {
  os.setPriority(0, 10);
} catch {
  // Not every platform lets a thread lower itself; the work runs at normal priority there.
}
const { ENGINE_TASKS } = await import('./engine-tasks.ts');
const { serialiseError, rebuildError } = await import('./thread-errors.ts');

const controllers = new Map();
const calls = new Map();
let nextCall = 0;
let line = Promise.resolve();

function callbackProxy(id, name) {
  return (...args) =>
    new Promise((resolve, reject) => {
      const callId = nextCall++;
      calls.set(callId, { resolve, reject });
      const plain = args.filter((a) => !(a instanceof AbortSignal));
      parentPort.postMessage({ id, kind: 'call', callId, name, args: plain });
    });
}

async function run({ id, task, args, callbacks }) {
  const controller = controllers.get(id);
  try {
    controller.signal.throwIfAborted();
    const result = await ENGINE_TASKS[task](args, {
      signal: controller.signal,
      onProgress: (fraction) => parentPort.postMessage({ id, kind: 'progress', fraction }),
      callbacks: Object.fromEntries(callbacks.map((name) => [name, callbackProxy(id, name)])),
    });
    parentPort.postMessage({ id, kind: 'done', result });
  } catch (error) {
    parentPort.postMessage({ id, kind: 'failed', error: serialiseError(error) });
  } finally {
    controllers.delete(id);
  }
}

parentPort.on('message', (message) => {
  if (message.kind === 'run') {
    controllers.set(message.id, new AbortController());
    line = line.then(() => run(message));
  } else if (message.kind === 'abort') {
    controllers.get(message.id)?.abort();
  } else if (message.kind === 'reply') {
    const call = calls.get(message.callId);
    calls.delete(message.callId);
    if (!call) return;
    if (message.error) call.reject(rebuildError(message.error));
    else call.resolve(message.result);
  }
});
