import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BullJobRunner,
  JobCancelledError,
  LocalJobRunner,
  createJobRunner,
  type JobRunner,
} from './jobs.ts';

const redisUrl = process.env.REDIS_URL;

function exercise(make: () => JobRunner) {
  it('runs a job, reports progress and returns its result', async () => {
    const runner = make();
    runner.define<{ n: number }, { doubled: number }>('double', async ({ n }, ctx) => {
      await ctx.progress(50);
      return { doubled: n * 2 };
    });
    const progress: number[] = [];
    const result = await runner.run('double', { n: 21 }, { onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ doubled: 42 });
    await new Promise((r) => setTimeout(r, 50));
    expect(progress).toContain(50);
    await runner.close();
  });

  it('never runs more than two heavy jobs at once', async () => {
    const runner = make();
    let running = 0;
    let peak = 0;
    runner.define('heavy', async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 40));
      running--;
      return null;
    });
    await Promise.all(Array.from({ length: 6 }, () => runner.run('heavy', {})));
    expect(peak).toBe(2);
    await runner.close();
  });

  it('passes a failure to the waiting caller', async () => {
    const runner = make();
    runner.define('fails', async () => {
      throw new Error('engine broke');
    });
    await expect(runner.run('fails', {})).rejects.toThrow('engine broke');
    await runner.close();
  });

  it('says when a worker takes a job, and drops a waiting job that is cancelled', async () => {
    const runner = make();
    const ran: string[] = [];
    runner.define<{ name: string }, string>('slow', async ({ name }) => {
      ran.push(name);
      await new Promise((r) => setTimeout(r, 150));
      return name;
    });
    const started: string[] = [];
    const run = (name: string, signal?: AbortSignal) =>
      runner.run<{ name: string }, string>(
        'slow',
        { name },
        { onStart: () => started.push(name), signal },
      );
    const cancel = new AbortController();
    // Two take the workers; the third waits its turn and is cancelled while it waits.
    const [a, b] = [run('a'), run('b')];
    await new Promise((r) => setTimeout(r, 50));
    const c = run('c', cancel.signal);
    await new Promise((r) => setTimeout(r, 20));
    cancel.abort();
    await expect(c).rejects.toBeInstanceOf(JobCancelledError);
    expect(await Promise.all([a, b])).toEqual(['a', 'b']);
    await new Promise((r) => setTimeout(r, 200));
    expect(ran.sort()).toEqual(['a', 'b']);
    expect(started.sort()).toEqual(['a', 'b']);
    await runner.close();
  });

  it("starts a job a person waits for before a batch's waiting images", async () => {
    const runner = make();
    const order: string[] = [];
    const flagged: string[] = [];
    runner.define<{ name: string }, string>('step', async ({ name }, context) => {
      order.push(name);
      // The handler knows a batch's image, so its pixel work goes to the engine's batch lane.
      if (context.background) flagged.push(name);
      await new Promise((r) => setTimeout(r, 150));
      return name;
    });
    const run = (name: string, background = false) =>
      runner.run<{ name: string }, string>('step', { name }, { background });
    // A batch fills both workers and queues two more images; then someone sends an edit.
    const batch = [run('batch-1', true), run('batch-2', true)];
    await new Promise((r) => setTimeout(r, 50));
    batch.push(run('batch-3', true), run('batch-4', true));
    await new Promise((r) => setTimeout(r, 30));
    const edit = run('edit');
    await Promise.all([...batch, edit]);
    expect(order.slice(0, 2).sort()).toEqual(['batch-1', 'batch-2']);
    expect(order[2]).toBe('edit');
    expect(flagged.sort()).toEqual(['batch-1', 'batch-2', 'batch-3', 'batch-4']);
    await runner.close();
  });
}

describe('LocalJobRunner', () => exercise(() => new LocalJobRunner(2)));

// Runs where a Redis server is configured (CI sets REDIS_URL).
if (redisUrl)
  describe('BullJobRunner (REDIS_URL)', () => {
    // A fresh prefix per run keeps runs apart on a shared Redis.
    exercise(() => new BullJobRunner(redisUrl!, 2, `image-lab-test-${crypto.randomUUID()}`));

    it('leaves every job of a web process to the workers, and logs who ran it', async () => {
      const settings = { redisUrl, concurrency: 2, leaseMs: 60_000 };
      const prefix = `image-lab-test-${crypto.randomUUID()}`;
      const ran: object[] = [];
      const log = { info: (details: object) => ran.push(details), warn: () => {} };
      const web = createJobRunner({ ...settings, prefix, role: 'web', log });
      const worker = createJobRunner({ ...settings, prefix, role: 'worker', log });
      web.define('who', async () => 'web');
      worker.define('who', async () => 'worker');
      const answers = await Promise.all(Array.from({ length: 4 }, () => web.run('who', {})));
      expect(answers).toEqual(['worker', 'worker', 'worker', 'worker']);
      expect(ran).toHaveLength(4);
      expect(ran[0]).toMatchObject({ job: 'who', role: 'worker' });
      await Promise.all([web.close(), worker.close()]);
    });
  });
