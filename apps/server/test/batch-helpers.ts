import { expect } from 'vitest';
import { yazlZip } from './zip-builders.ts';
import type { App } from '../src/app.ts';
import {
  LocalJobRunner,
  type JobHandler,
  type JobRunner,
  type RunOptions,
} from '../src/platform/jobs.ts';
import { settleBatches } from '../src/features/batch/batch-runner.ts';
import { balanceOf, ledgerSum } from '../src/platform/credits.repository.ts';
import { caller, type Person } from './project-helpers.ts';
import { smallPhoto, upload } from './image-helpers.ts';

export { yazlZip };

/**
 * The in-process runner, with a gate inside each job: while `hold()` is on, jobs a worker took
 * stay running until `release()`. Tests stop an image in the middle of its run this way.
 */
export class GatedRunner implements JobRunner {
  readonly kind = 'local' as const;
  private readonly inner: LocalJobRunner;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => {};
  /** Jobs waiting at the gate. */
  held = 0;

  constructor(concurrency = 2) {
    this.inner = new LocalJobRunner(concurrency);
  }

  hold() {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release() {
    this.open();
    this.gate = Promise.resolve();
  }

  define<P, R>(name: string, handler: JobHandler<P, R>) {
    this.inner.define<P, R>(name, async (payload, context) => {
      this.held++;
      try {
        await this.gate;
      } finally {
        this.held--;
      }
      return handler(payload, context);
    });
  }

  run<P, R>(name: string, payload: P, options?: RunOptions) {
    return this.inner.run<P, R>(name, payload, options);
  }

  async close() {}
}

export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `n` small uploads of the person's acting account, by id. */
export async function uploads(app: App, who: Person, n: number, width = 160) {
  const names = ['living-room.jpg', 'bedroom.jpg', 'kitchen-dining.jpg'];
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await upload(app, who.headers, await smallPhoto(names[i % names.length], width));
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().id as string);
  }
  return ids;
}

/** Balance and ledger agree, and both are what the test expects. */
export async function expectCredits(app: App, accountId: string, credits: number) {
  expect(await balanceOf(app.database.db, accountId)).toBe(credits);
  expect(await ledgerSum(app.database.db, accountId)).toBe(credits);
}

export async function batchOf(app: App, who: Person, id: string) {
  const res = await caller(app)(who, 'GET', `/api/batches/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().batch as {
    status: string;
    counts: Record<string, number>;
    credits: { used: number; refunded: number; held: number };
    items: { id: string; status: string; resultUrl: string | null; code: string | null }[];
    project: { id: string; name: string } | null;
    position: number | null;
    estimateSeconds: number | null;
  };
}

export { settleBatches };
