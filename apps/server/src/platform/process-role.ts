import type { FastifyInstance } from 'fastify';

/**
 * PROCESS_ROLE (decision 031): `all` serves HTTP and does the work, `web` only serves HTTP,
 * `worker` takes the jobs and does the periodic work but answers no request.
 */
export type ProcessRole = 'all' | 'web' | 'worker';

export const doesBackgroundWork = (role: ProcessRole) => role !== 'web';
export const servesHttp = (role: ProcessRole) => role !== 'worker';

export interface BackgroundTask {
  /** Named in the warning when a run fails. */
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** Readiness waits for the first run (the lease sweep: a crash leaves jobs to fail first). */
  awaitFirst?: boolean;
}

/**
 * Runs a task once the app is ready and then every `everyMs` until it closes, in the processes
 * that do background work: one without Redis, or the workers beside web processes.
 */
export function scheduleBackground(app: FastifyInstance, task: BackgroundTask) {
  if (!doesBackgroundWork(app.config.processRole)) return;
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    task.run().catch((error: unknown) => app.log.warn({ err: error }, `${task.name} failed`));
  app.addHook('onReady', async () => {
    if (task.awaitFirst) await run();
    else void run();
    timer = setInterval(() => void run(), task.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
