import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import type { JobRefusal } from './job-run.ts';
import { runPaidJob, type Payer } from './paid-job.ts';

type Outcome = { ok: true; delivered: number } | JobRefusal;

/** An app whose runner answers `outcome`, and which remembers the files it deleted. */
function fakeApp(outcome: Outcome, running?: Promise<Outcome>) {
  const deleted: string[] = [];
  const app = {
    jobs: {
      run: async (_name: string, _payload: unknown, options: { onStart?: () => void }) => {
        options.onStart?.();
        return running ?? outcome;
      },
    },
    storage: { delete: async (key: string) => void deleted.push(key) },
    log: { error: () => {} },
    database: { db: {} },
  } as unknown as FastifyInstance;
  return { app, deleted };
}

/** A payer that writes down what happens to the price. */
function ledger(refuse?: AppError, cancelled?: AbortSignal) {
  const events: string[] = [];
  const payer: Payer = {
    async reserve({ credits }) {
      if (refuse) throw refuse;
      events.push(`reserve ${credits}`);
      return {
        progress: () => {},
        submitted: async () => void events.push('submitted'),
        started: () => void events.push('started'),
        cancelled,
        async complete(record) {
          const done = await record({} as never);
          events.push(`keep ${done.used}`);
          return done;
        },
        refund: async (message) => void events.push(`refund: ${message}`),
        release: () => void events.push('release'),
      };
    },
  };
  return { payer, events };
}

const job = (recorded: (delivered: number) => number) => ({
  jobId: 'j1',
  kind: 'k',
  credits: 3,
  reason: 'generation',
  writes: ['out-1', 'out-2', 'out-3'],
  scratch: ['mask'],
  payload: {},
  timedOut: () => new AppError(504, 'timeout', 'Took too long.'),
  failed: () => new AppError(500, 'generation_failed', 'Failed.'),
  record: async (_db: unknown, outcome: { delivered: number }) => ({
    rows: outcome.delivered,
    used: recorded(outcome.delivered),
  }),
  answer: async ({ rows, used }: { rows: number; used: number }) => ({ rows, used }),
});

const run = (app: FastifyInstance, payer: Payer, paid: ReturnType<typeof job>) =>
  runPaidJob<object, Outcome, number, object>(app, payer, paid);
/** What the run threw. */
const failureOf = (running: Promise<unknown>) =>
  running.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('runPaidJob', () => {
  it('keeps what was delivered and answers, removing only the scratch files', async () => {
    const { app, deleted } = fakeApp({ ok: true, delivered: 2 });
    const { payer, events } = ledger();
    const answer = await run(
      app,
      payer,
      job((n) => n),
    );
    expect(answer).toEqual({ rows: 2, used: 2 });
    expect(events).toEqual(['reserve 3', 'submitted', 'started', 'keep 2', 'release']);
    expect(deleted).toEqual(['mask']);
  });

  it("refunds once with the job's refusal and removes every file it wrote", async () => {
    const refusal = { status: 422, code: 'content_moderated', message: 'Not allowed.' };
    const { app, deleted } = fakeApp({ ok: false, error: refusal });
    const { payer, events } = ledger();
    const error = await failureOf(
      run(
        app,
        payer,
        job((n) => n),
      ),
    );
    expect(error).toMatchObject({ status: 422, code: 'content_moderated' });
    expect(events).toEqual([
      'reserve 3',
      'submitted',
      'started',
      'refund: Not allowed.',
      'release',
    ]);
    expect(deleted.sort()).toEqual(['mask', 'out-1', 'out-2', 'out-3']);
  });

  it('answers the fallback for a fault of its own, and refunds', async () => {
    const { app } = fakeApp({ ok: true, delivered: 1 });
    const { payer, events } = ledger();
    const broken = job(() => {
      throw new Error('database gone');
    });
    const error = await failureOf(run(app, payer, broken));
    expect(error).toMatchObject({ status: 500, code: 'generation_failed', message: 'Failed.' });
    expect(events).toContain('refund: Failed.');
  });

  it('runs nothing when the payer refuses the price', async () => {
    const { app, deleted } = fakeApp({ ok: true, delivered: 1 });
    const { payer, events } = ledger(new AppError(402, 'out_of_credits', 'Out.'));
    const error = await failureOf(
      run(
        app,
        payer,
        job((n) => n),
      ),
    );
    expect(error).toMatchObject({ status: 402 });
    expect(events).toEqual([]);
    expect(deleted).toEqual([]);
  });

  it('answers a cancel at once, and removes what the job wrote once it has stopped', async () => {
    let finish: (outcome: Outcome) => void = () => {};
    const stillRunning = new Promise<Outcome>((resolve) => (finish = resolve));
    const { app, deleted } = fakeApp({ ok: true, delivered: 3 }, stillRunning);
    const owner = new AbortController();
    const { payer, events } = ledger(undefined, owner.signal);
    const running = failureOf(
      run(
        app,
        payer,
        job((n) => n),
      ),
    );
    await new Promise((r) => setTimeout(r, 10));
    owner.abort();
    expect(await running).toMatchObject({ status: 409, code: 'cancelled' });
    expect(events).toEqual([
      'reserve 3',
      'submitted',
      'started',
      expect.stringMatching(/^refund/),
      'release',
    ]);
    // The job is still writing: its files go once it stops, not before.
    expect(deleted).toEqual(['mask']);
    finish({ ok: true, delivered: 3 });
    await new Promise((r) => setTimeout(r, 10));
    expect(deleted.sort()).toEqual(['mask', 'out-1', 'out-2', 'out-3']);
  });
});
