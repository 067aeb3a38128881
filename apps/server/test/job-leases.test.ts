import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { creditLedger, jobs } from '../src/db/schema/index.ts';
import { balanceOf, ledgerSum } from '../src/platform/credits.repository.ts';
import { completeJob, JOB_ENDED } from '../src/platform/job-completion.ts';
import { LEASE_EXPIRED, startLeasedJob, sweepExpiredJobs } from '../src/platform/job-leases.ts';
import type { AccountEvent } from '../src/platform/events.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser, setCredits } from './factories.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ JOB_LEASE_SECONDS: '30' });
});
afterAll(() => app.close());

/** A job reserved and leased as the services do, whose process then "dies". */
async function abandonedJob(accountId: string, cost: number) {
  const id = crypto.randomUUID();
  const key = `${accountId}/leased-${id}.jpg`;
  const lease = await startLeasedJob(app, {
    id,
    accountId,
    kind: 'edit-image',
    creditsReserved: cost,
    fileKeys: [key],
    reason: 'generation',
  });
  expect(lease?.reserved).toBeDefined();
  lease!.release();
  await app.storage.put(key, Buffer.from('half a picture'), 'image/jpeg');
  return { id, key };
}

const expire = (id: string) =>
  app.database.db
    .update(jobs)
    .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id));

const exists = (key: string) => app.storage.exists(key);

async function money(accountId: string) {
  const db = app.database.db;
  return { balance: await balanceOf(db, accountId), ledger: await ledgerSum(db, accountId) };
}

describe('job leases', () => {
  it('leaves a job alone while its lease runs', async () => {
    const { user } = await newSignedInUser(app);
    await setCredits(app, user.id, 10);
    const { id } = await abandonedJob(user.id, 3);
    await sweepExpiredJobs(app);
    const [job] = await app.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job!.status).toBe('queued');
    expect(await money(user.id)).toEqual({ balance: 7, ledger: 7 });
  });

  it('fails a job whose lease ran out, refunds once, removes its file, tells the account', async () => {
    const { user } = await newSignedInUser(app);
    await setCredits(app, user.id, 10);
    const { id, key } = await abandonedJob(user.id, 4);
    expect(await exists(key)).toBe(true);
    const events: AccountEvent[] = [];
    const unsubscribe = await app.events.subscribe(user.id, (e) => events.push(e));
    await expire(id);
    // Several processes sweeping at the same moment still refund once.
    await Promise.all([sweepExpiredJobs(app), sweepExpiredJobs(app), sweepExpiredJobs(app)]);
    unsubscribe();
    const [job] = await app.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ status: 'failed', error: LEASE_EXPIRED });
    expect(await money(user.id)).toEqual({ balance: 10, ledger: 10 });
    const refunds = await app.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.accountId, user.id), eq(creditLedger.reason, 'refund')));
    expect(refunds.map((r) => r.delta)).toEqual([4]);
    expect(await exists(key)).toBe(false);
    expect(events).toContainEqual({
      type: 'job-progress',
      data: { jobId: id, status: 'failed', progress: 0 },
    });
    expect(events).toContainEqual({ type: 'credits-updated', data: { creditsRemaining: 10 } });
  });

  it('keeps nothing when a late process records a job the sweep already failed', async () => {
    const { user } = await newSignedInUser(app);
    await setCredits(app, user.id, 10);
    const { id } = await abandonedJob(user.id, 2);
    await expire(id);
    await sweepExpiredJobs(app);
    const late = completeJob(app.database.db, id, async () => ({ rows: [], used: 2 }));
    await expect(late).rejects.toMatchObject({ status: 409, message: JOB_ENDED });
    expect(await money(user.id)).toEqual({ balance: 10, ledger: 10 });
  });

  it('removes again a file a worker elsewhere wrote after the sweep', async () => {
    const { user } = await newSignedInUser(app);
    await setCredits(app, user.id, 1);
    const { id, key } = await abandonedJob(user.id, 1);
    await expire(id);
    await sweepExpiredJobs(app);
    await app.storage.put(key, Buffer.from('late write'), 'image/jpeg');
    await sweepExpiredJobs(app);
    expect(await exists(key)).toBe(false);
  });

  it('leases a free job without a ledger entry, and removes its files if it dies', async () => {
    const { user } = await newSignedInUser(app);
    await setCredits(app, user.id, 5);
    const { id, key } = await abandonedJob(user.id, 0);
    await expire(id);
    await sweepExpiredJobs(app);
    const [job] = await app.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ status: 'failed', creditsReserved: 0 });
    expect(await exists(key)).toBe(false);
    const entries = await app.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.accountId, user.id));
    expect(entries.filter((e) => e.reference === id)).toEqual([]);
    expect(await money(user.id)).toEqual({ balance: 5, ledger: 5 });
  });

  it('refuses the reservation, and records no job, when the balance does not cover it', async () => {
    const { user } = await newSignedInUser(app);
    await setCredits(app, user.id, 1);
    const id = crypto.randomUUID();
    const lease = await startLeasedJob(app, {
      id,
      accountId: user.id,
      kind: 'edit-image',
      creditsReserved: 2,
      fileKeys: [],
      reason: 'generation',
    });
    expect(lease).toBeUndefined();
    expect(await app.database.db.select().from(jobs).where(eq(jobs.id, id))).toEqual([]);
    expect(await money(user.id)).toEqual({ balance: 1, ledger: 1 });
  });
});
