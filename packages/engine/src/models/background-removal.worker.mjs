// The ISNet inference, in a worker thread: onnxruntime runs it on the calling thread for about
// 12 s per image on 2 cores, which froze the whole server (every request, every event) while a
// White BG ran. Plain JavaScript, so it starts the same under tsx, vitest and node.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { removeBackground } from '@imgly/background-removal-node';

// Below the server's own thread and the browser: on Linux a thread's priority is its own (and
// the threads it starts inherit it), so pages and logins are answered first on a busy machine.
try {
  os.setPriority(0, 10);
} catch {
  // Not every platform lets a thread lower itself; the work runs at normal priority there.
}

parentPort.on('message', async ({ id, square, size, config }) => {
  try {
    const input = new Blob([square], { type: `image/x-rgba8;width=${size};height=${size}` });
    const rgba = new Uint8Array(await (await removeBackground(input, config)).arrayBuffer());
    const alpha = new Uint8Array(size * size);
    for (let p = 0; p < alpha.length; p++) alpha[p] = rgba[p * 4 + 3];
    parentPort.postMessage({ id, alpha }, [alpha.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
