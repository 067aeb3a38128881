import crypto from 'node:crypto';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';

export interface JobContext {
  /** 0-100; pushed to the waiting request and from there to the browser. */
  progress(percent: number): Promise<void>;
  /** A batch's image (RunOptions.background): its pixel work goes to the engine's batch lane. */
  background?: boolean;
}

/** Payloads and results cross process boundaries with BullMQ: keep them JSON (storage keys). */
export type JobHandler<P, R> = (payload: P, context: JobContext) => Promise<R>;

export interface RunOptions {
  onProgress?: (percent: number) => void;
  /** A worker took the job (it waited its turn until now). */
  onStart?: () => void;
  /**
   * Its owner cancelled it: a job still waiting is dropped and `run` rejects with
   * `JobCancelledError`; one already running finishes, and its result is left unread.
   */
  signal?: AbortSignal;
  /**
   * Nobody is watching it (a batch's image): it waits behind every job a person is waiting for,
   * so someone's single edit is never stuck behind another person's hundred images.
   */
  background?: boolean;
}

/** A waiting job was dropped because its signal aborted; it never ran. */
export class JobCancelledError extends Error {
  constructor() {
    super('The job was cancelled before it ran');
  }
}

/** Where a runner says which jobs it ran (pino's shape), so an operator sees which process works. */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Runs one job's handler and logs its end with the process role and how long it took. */
async function runLogged(
  handler: JobHandler<unknown, unknown>,
  job: { name: string; payload: unknown; context: JobContext },
  log: JobLog | undefined,
  role: string,
): Promise<unknown> {
  const started = Date.now();
  try {
    const result = await handler(job.payload, job.context);
    log?.info({ job: job.name, role, ms: Date.now() - started }, 'job done');
    return result;
  } catch (error) {
    log?.warn({ job: job.name, role, ms: Date.now() - started, err: error }, 'job failed');
    throw error;
  }
}

export interface JobRunner {
  readonly kind: 'local' | 'bullmq';
  define<P, R>(name: string, handler: JobHandler<P, R>): void;
  run<P, R>(name: string, payload: P, options?: RunOptions): Promise<R>;
  close(): Promise<void>;
}

/**
 * Never more than `limit` tasks at once; the rest wait in order, background tasks behind every
 * foreground one.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly waitingBehind: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  get running(): number {
    return this.active;
  }

  /** With a signal, a task still waiting leaves the line when it aborts (JobCancelledError). */
  async use<T>(task: () => Promise<T>, signal?: AbortSignal, background = false): Promise<T> {
    if (signal?.aborted) throw new JobCancelledError();
    if (this.active >= this.limit) {
      const line = background ? this.waitingBehind : this.waiting;
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', leave);
          resolve();
        };
        const leave = () => {
          const at = line.indexOf(turn);
          if (at >= 0) line.splice(at, 1);
          reject(new JobCancelledError());
        };
        line.push(turn);
        signal?.addEventListener('abort', leave, { once: true });
      });
    }
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      (this.waiting.shift() ?? this.waitingBehind.shift())?.();
    }
  }
}

/** The embedded default: a bounded pool inside this process. */
export class LocalJobRunner implements JobRunner {
  readonly kind = 'local' as const;
  private readonly handlers = new Map<string, JobHandler<unknown, unknown>>();
  private readonly pool: Semaphore;

  constructor(
    concurrency: number,
    private readonly log?: JobLog,
  ) {
    this.pool = new Semaphore(concurrency);
  }

  define<P, R>(name: string, handler: JobHandler<P, R>): void {
    this.handlers.set(name, handler as JobHandler<unknown, unknown>);
  }

  run<P, R>(name: string, payload: P, options: RunOptions = {}): Promise<R> {
    const handler = this.handlers.get(name);
    if (!handler) return Promise.reject(new Error(`No job named ${name}`));
    return this.pool.use(
      async () => {
        options.onStart?.();
        const context: JobContext = {
          progress: async (p) => options.onProgress?.(p),
          background: options.background,
        };
        return (await runLogged(handler, { name, payload, context }, this.log, 'all')) as R;
      },
      options.signal,
      options.background,
    );
  }

  async close(): Promise<void> {}
}

const QUEUE = 'image-lab-jobs';

export interface BullOptions {
  /** False in a web process: it enqueues and waits, and worker processes take the jobs. */
  consume?: boolean;
  log?: JobLog;
  /** Named in the log of each job taken (PROCESS_ROLE). */
  role?: string;
}

/** With REDIS_URL: BullMQ, so jobs are shared by every server and worker process. */
export class BullJobRunner implements JobRunner {
  readonly kind = 'bullmq' as const;
  private readonly handlers = new Map<string, JobHandler<unknown, unknown>>();
  private readonly connection: Redis;
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  private readonly worker: Worker | undefined;

  constructor(
    redisUrl: string,
    concurrency: number,
    prefix = 'image-lab',
    leaseMs = 60_000,
    { consume = true, log, role = 'all' }: BullOptions = {},
  ) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(QUEUE, { connection: this.connection, prefix });
    this.events = new QueueEvents(QUEUE, {
      connection: new Redis(redisUrl, { maxRetriesPerRequest: null }),
      prefix,
    });
    // Every waiting request listens on these until its job ends: many at once is normal.
    this.queue.setMaxListeners(0);
    this.events.setMaxListeners(0);
    if (!consume) return;
    this.worker = new Worker(
      QUEUE,
      async (job: Job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new Error(`No job named ${job.name}`);
        const context: JobContext = {
          progress: (p: number) => job.updateProgress(p),
          background: job.opts.priority !== undefined && job.opts.priority > 0,
        };
        return runLogged(handler, { name: job.name, payload: job.data, context }, log, role);
      },
      {
        connection: new Redis(redisUrl, { maxRetriesPerRequest: null }),
        prefix,
        concurrency,
        // A worker that dies loses its lock after the lease; the stalled job is then failed,
        // never run a second time (maxStalledCount 0), and the waiting request refunds it.
        lockDuration: leaseMs,
        stalledInterval: Math.max(1000, leaseMs / 2),
        maxStalledCount: 0,
      },
    );
  }

  define<P, R>(name: string, handler: JobHandler<P, R>): void {
    this.handlers.set(name, handler as JobHandler<unknown, unknown>);
  }

  async run<P, R>(name: string, payload: P, options: RunOptions = {}): Promise<R> {
    await this.events.waitUntilReady();
    // The id is ours and the listeners are on before the job is added: a worker may take it
    // before add() answers, and its 'active' event must not be missed.
    const jobId = crypto.randomUUID();
    const onProgress = ({ jobId: id, data }: { jobId: string; data: unknown }) => {
      if (id === jobId && typeof data === 'number') options.onProgress?.(data);
    };
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      options.onStart?.();
    };
    const onActive = ({ jobId: id }: { jobId: string }) => {
      if (id === jobId) start();
    };
    this.events.on('progress', onProgress);
    this.events.on('active', onActive);
    const job = await this.queue
      .add(name, payload, {
        jobId,
        // BullMQ takes jobs without a priority before any job with one.
        ...(options.background ? { priority: 10 } : {}),
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 24 * 3600 },
      })
      .catch((error: unknown) => {
        this.events.off('progress', onProgress);
        this.events.off('active', onActive);
        throw error;
      });
    // The events stream may not be read yet when the first jobs start: ask the job itself.
    void job.getState().then(
      (state) => (state === 'active' || state === 'completed' || state === 'failed') && start(),
      () => undefined,
    );
    // Cancelled while waiting: taken off the queue. A job a worker holds cannot be removed (its
    // lock) and is left to finish; the caller no longer reads its result.
    let onAbort: (() => void) | undefined;
    const dropped = new Promise<never>((_, reject) => {
      onAbort = () =>
        void job.remove().then(
          () => reject(new JobCancelledError()),
          () => undefined,
        );
      if (options.signal?.aborted) onAbort();
      else options.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const result = (await Promise.race([job.waitUntilFinished(this.events), dropped])) as R;
      start(); // a finished job was taken, even if its 'active' event went by unread
      return result;
    } finally {
      if (onAbort) options.signal?.removeEventListener('abort', onAbort);
      this.events.off('progress', onProgress);
      this.events.off('active', onActive);
    }
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    await this.events.close();
    await this.connection.quit().catch(() => undefined);
  }
}

export interface RunnerSettings {
  redisUrl: string | undefined;
  concurrency: number;
  leaseMs: number;
  prefix: string;
  role: 'all' | 'web' | 'worker';
  log?: JobLog;
}

/** Without Redis one process does everything; a web process only enqueues (decision 031). */
export function createJobRunner(settings: RunnerSettings): JobRunner {
  const { redisUrl, concurrency, leaseMs, prefix, role, log } = settings;
  if (!redisUrl) return new LocalJobRunner(concurrency, log);
  return new BullJobRunner(redisUrl, concurrency, prefix, leaseMs, {
    consume: role !== 'web',
    log,
    role,
  });
}
