import { Worker } from 'node:worker_threads';
import { withBuffers } from './bytes.ts';
import { rebuildError, serialiseError, type SerialisedError } from './thread-errors.ts';

/** Work the threads know by name (engine-tasks.ts). */
export type EngineTaskName =
  | 'designRoom'
  | 'styleRoom'
  | 'edit'
  | 'preset'
  | 'inpaint'
  | 'upscale'
  | 'removeAtPoint'
  | 'moderate'
  | 'detectObjects'
  | 'analyze';

/**
 * Checks that answer a request directly (moderation of an upload, detection, analysis) run on
 * a thread of their own: they must not wait behind a room design of a minute on the other.
 */
const QUICK: ReadonlySet<EngineTaskName> = new Set(['moderate', 'detectObjects', 'analyze']);

/**
 * Room designs and their styles take half a minute to a minute: on a thread of their own, an edit
 * of a second (someone else's, or the same person's in another tab) never waits behind one.
 */
const ROOMS: ReadonlySet<EngineTaskName> = new Set(['designRoom', 'styleRoom']);

export interface ThreadTask {
  task: EngineTaskName;
  /** Structured-cloneable arguments (Buffers arrive as Uint8Array). */
  args: unknown;
  /** Functions the task calls on this thread (hosted models: network, not pixels). */
  callbacks?: Record<string, (...args: unknown[]) => Promise<unknown>>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** A batch's image: on the batch thread (below). */
  background?: boolean;
}

type FromThread =
  | { id: number; kind: 'progress'; fraction: number }
  | { id: number; kind: 'done'; result: unknown }
  | { id: number; kind: 'failed'; error: SerialisedError }
  | { id: number; kind: 'call'; callId: number; name: string; args: unknown[] };

interface Running {
  task: ThreadTask;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** An idle thread ends after this long: its models' memory goes back (they reload in ~2 s). */
const IDLE_MS = 120_000;

let nextId = 0;

/**
 * One engine thread, started on first use and kept (models load once), running its tasks one
 * at a time. The server's event loop stays free meanwhile: pages, logins and progress go on.
 * It keeps the process alive only while a task runs; if it dies, the running tasks fail and
 * the next task starts a new thread.
 */
class EngineLane {
  private worker: Worker | undefined;
  private readonly running = new Map<number, Running>();
  private idleTimer: NodeJS.Timeout | undefined;

  run<T>(task: ThreadTask): Promise<T> {
    const { signal } = task;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const worker = this.thread();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.finish(worker, id);
        worker.postMessage({ kind: 'abort', id });
        reject(signal!.reason as Error);
      };
      const settle =
        <V>(done: (value: V) => void) =>
        (value: V) => {
          signal?.removeEventListener('abort', onAbort);
          done(value);
        };
      this.running.set(id, {
        task,
        resolve: settle(resolve as (v: unknown) => void),
        reject: settle(reject),
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      clearTimeout(this.idleTimer);
      worker.ref();
      const callbacks = Object.keys(task.callbacks ?? {});
      worker.postMessage({ kind: 'run', id, task: task.task, args: task.args, callbacks });
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // Not the server's `--import tsx`: the thread loads TypeScript through its own hooks.
    const worker = new Worker(new URL('./engine.worker.mjs', import.meta.url), { execArgv: [] });
    worker.unref();
    worker.on('message', (message: FromThread) => this.receive(worker, message));
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.running.values()) waiting.reject(error);
      this.running.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The engine thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  private receive(worker: Worker, message: FromThread) {
    const waiting = this.running.get(message.id);
    if (!waiting) return;
    if (message.kind === 'progress') return waiting.task.onProgress?.(message.fraction);
    if (message.kind === 'call') return void this.answerCall(worker, waiting.task, message);
    this.finish(worker, message.id);
    if (message.kind === 'done') waiting.resolve(message.result);
    else waiting.reject(rebuildError(message.error));
  }

  private async answerCall(
    worker: Worker,
    task: ThreadTask,
    message: Extract<FromThread, { kind: 'call' }>,
  ) {
    const callback = task.callbacks?.[message.name];
    try {
      if (!callback) throw new Error(`No callback ${message.name}`);
      // A signal cannot cross threads: the callback gets the task's own.
      const result = await callback(...withBuffers(message.args), task.signal);
      worker.postMessage({ kind: 'reply', callId: message.callId, result });
    } catch (error) {
      worker.postMessage({ kind: 'reply', callId: message.callId, error: serialiseError(error) });
    }
  }

  private finish(worker: Worker, id: number) {
    this.running.delete(id);
    if (this.running.size > 0) return;
    worker.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.running.size > 0) return;
      this.worker = undefined;
      void worker.terminate();
    }, IDLE_MS).unref();
  }
}

const heavy = new EngineLane();
const quick = new EngineLane();
const rooms = new EngineLane();
/**
 * A batch's images (a White BG of ten photos holds a thread for minutes): on a thread of their
 * own, the edit someone is watching waits for none of them, not even the one running.
 */
const batch = new EngineLane();

function laneOf(task: ThreadTask): EngineLane {
  if (QUICK.has(task.task)) return quick;
  if (task.background) return batch;
  return ROOMS.has(task.task) ? rooms : heavy;
}

/** Runs a named engine task on its engine thread; aborting its signal stops it there. */
export function runInEngineThread<T>(task: ThreadTask): Promise<T> {
  return laneOf(task).run<T>(task);
}
