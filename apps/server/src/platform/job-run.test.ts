import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from './errors.ts';
import { startJob, type JobOutcome } from './job-run.ts';

type Outcome = ({ ok: true } & { value: number }) | Extract<JobOutcome, { ok: false }>;

/** An app whose runner answers every job with `answer`. */
const appAnswering = (answer: Promise<Outcome>) =>
  ({ jobs: { run: () => answer } }) as unknown as FastifyInstance;
const options = {
  onProgress: () => {},
  timedOut: () => new AppError(504, 'timeout', 'Took too long.'),
};

afterEach(() => void vi.useRealTimers());

describe('startJob', () => {
  it("gives the job's success", async () => {
    const started = startJob(
      appAnswering(Promise.resolve({ ok: true, value: 7 })),
      'k',
      {},
      options,
    );
    expect(await started.result).toEqual({ ok: true, value: 7 });
  });

  it("throws the job's refusal as the AppError it was, details included", async () => {
    const refusal = { status: 422, code: 'nothing_to_do', message: 'No.', details: { n: 1 } };
    const app = appAnswering(Promise.resolve({ ok: false, error: refusal }));
    const error = await startJob(app, 'k', {}, options).result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, code: 'nothing_to_do', details: { n: 1 } });
    // A code the contract does not know (a worker of another version) becomes its status's.
    const odd = { ...refusal, code: 'no_such_code' };
    const other = appAnswering(Promise.resolve({ ok: false, error: odd }));
    const unknown = await startJob(other, 'k', {}, options).result.catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 422, code: 'unprocessable', message: 'No.' });
  });

  it('times out after 180 s, while `settled` waits for the job itself', async () => {
    vi.useFakeTimers();
    let finish!: (outcome: Outcome) => void;
    const app = appAnswering(new Promise<Outcome>((resolve) => (finish = resolve)));
    const started = startJob(app, 'k', {}, options);
    const result = started.result.catch((e: unknown) => e);
    let settled = false;
    void started.settled.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(180_000);
    expect(await result).toMatchObject({ status: 504, code: 'timeout' });
    expect(settled).toBe(false);
    finish({ ok: true, value: 1 });
    await vi.runAllTimersAsync();
    expect(settled).toBe(true);
  });
});
