import type { FastifyInstance } from 'fastify';

/**
 * Not the account's event stream (the browser does not need it): the channel on which a cancel
 * reaches the process that waits for the job, whichever process took the cancel (Redis spans
 * them all).
 */
const cancelChannel = (accountId: string) => `jobs-cancel:${accountId}`;

/** Tells the processes waiting for these jobs that their owner cancelled them. */
export async function announceCancel(app: FastifyInstance, accountId: string, jobIds: string[]) {
  if (jobIds.length === 0) return;
  try {
    await app.events.publish(cancelChannel(accountId), { type: 'cancel', data: { jobIds } });
  } catch (error) {
    // The cancel itself is in the database already; the waiter then only learns it later.
    app.log.warn({ err: error }, 'could not announce a cancel');
  }
}

export interface CancelWatch {
  /** Aborts when one of the watched jobs is cancelled. */
  signalFor(jobId: string): AbortSignal;
  stop(): void;
}

/**
 * Listens for cancels of this account's jobs; each job gets its own signal. Never throws: without
 * the bus, a cancel still ends the job in the database, and the waiter learns it when the job
 * comes back (its result is then refused, 409).
 */
export async function watchCancels(app: FastifyInstance, accountId: string): Promise<CancelWatch> {
  const controllers = new Map<string, AbortController>();
  const unsubscribe = await app.events
    .subscribe(cancelChannel(accountId), (event) => {
      const ids = (event.data as { jobIds?: unknown } | undefined)?.jobIds;
      if (!Array.isArray(ids)) return;
      for (const id of ids) if (typeof id === 'string') controllers.get(id)?.abort();
    })
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not listen for cancels');
      return () => undefined;
    });
  return {
    signalFor(jobId) {
      const controller = controllers.get(jobId) ?? new AbortController();
      controllers.set(jobId, controller);
      return controller.signal;
    },
    stop() {
      unsubscribe();
      controllers.clear();
    },
  };
}
