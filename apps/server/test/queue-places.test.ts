import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { jobs } from '../src/db/schema/index.ts';
import { waitingAhead } from '../src/features/batch/queue.repository.ts';
import { buildTestApp } from './helper.ts';
import { newSignedInUser } from './factories.ts';

let app: App;
const accounts: string[] = [];
beforeAll(async () => {
  app = await buildTestApp();
});
// Jobs left waiting would stand ahead of every other test's jobs on the shared database.
afterAll(async () => {
  for (const id of accounts) await app.database.db.delete(jobs).where(eq(jobs.accountId, id));
  await app.close();
});

// Long ago, so no other test's waiting jobs were submitted before these.
const at = (second: number) => new Date(Date.UTC(2001, 0, 1, 0, 0, second));

async function waiting(accountId: string, second: number, batchId: string | null = null) {
  await app.database.db.insert(jobs).values({
    id: crypto.randomUUID(),
    accountId,
    kind: 'edit-image',
    status: 'queued',
    submittedAt: at(second),
    batchId,
  });
}

describe('places in the shared queue', () => {
  it("puts a single edit ahead of a batch's waiting images, as the runners take them", async () => {
    const { user } = await newSignedInUser(app);
    accounts.push(user.id);
    const batchId = crypto.randomUUID();
    await waiting(user.id, 0, batchId);
    await waiting(user.id, 1);
    await waiting(user.id, 2, batchId);
    const db = app.database.db;
    // The single edit at 0:01 waits for nothing: the batch image before it goes after it.
    expect(await waitingAhead(db, at(1))).toBe(0);
    // The batch's first image waits for the edit submitted after it; its second for both.
    const firstImage = await waitingAhead(db, at(0), true);
    expect(firstImage).toBeGreaterThanOrEqual(1);
    expect(await waitingAhead(db, at(2), true)).toBe(firstImage + 1);
    // Another single edit, later still: ahead of the batch's images, behind the first edit.
    await waiting(user.id, 3);
    expect(await waitingAhead(db, at(3))).toBe(1);
    expect(await waitingAhead(db, at(0), true)).toBe(firstImage + 1);
  });
});
