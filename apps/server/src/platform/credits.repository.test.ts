import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newUserRow } from '../../test/factories.ts';
import { testDatabase } from '../../test/helper.ts';
import { balanceOf, credit, debit, ensureBalance, ledgerSum } from './credits.repository.ts';

const key = () => crypto.randomUUID();

describe('credit ledger', () => {
  it('grants the starting credits once', async () => {
    const { db } = await testDatabase();
    const user = await newUserRow(db);
    await ensureBalance(db, user.id, 100);
    await ensureBalance(db, user.id, 100);
    expect(await balanceOf(db, user.id)).toBe(100);
    expect(await ledgerSum(db, user.id)).toBe(100);
  });

  it('refuses a debit the balance cannot cover, and never goes negative', async () => {
    const { db } = await testDatabase();
    const user = await newUserRow(db);
    await ensureBalance(db, user.id, 2);
    expect(await debit(db, user.id, 3, { reason: 'generation', idempotencyKey: key() })).toBe(
      undefined,
    );
    expect(await debit(db, user.id, 2, { reason: 'generation', idempotencyKey: key() })).toBe(0);
    expect(await balanceOf(db, user.id)).toBe(0);
    expect(await ledgerSum(db, user.id)).toBe(0);
  });

  it('20 parallel spends against 1 credit: exactly one succeeds', async () => {
    const { db } = await testDatabase();
    const user = await newUserRow(db);
    await ensureBalance(db, user.id, 1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        debit(db, user.id, 1, { reason: 'generation', idempotencyKey: key() }),
      ),
    );
    expect(results.filter((r) => r !== undefined)).toEqual([0]);
    expect(await balanceOf(db, user.id)).toBe(0);
  });

  it('applies a credit once per idempotency key', async () => {
    const { db } = await testDatabase();
    const user = await newUserRow(db);
    await ensureBalance(db, user.id, 0);
    const refundKey = key();
    expect(await credit(db, user.id, 5, { reason: 'refund', idempotencyKey: refundKey })).toBe(
      true,
    );
    expect(await credit(db, user.id, 5, { reason: 'refund', idempotencyKey: refundKey })).toBe(
      false,
    );
    expect(await balanceOf(db, user.id)).toBe(5);
  });

  it('50 parallel spends and grants leave the balance equal to the ledger', async () => {
    const { db } = await testDatabase();
    const user = await newUserRow(db);
    await ensureBalance(db, user.id, 10);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? debit(db, user.id, 3, { reason: 'generation', idempotencyKey: key() })
          : credit(db, user.id, 2, { reason: 'grant', idempotencyKey: key() }),
      ),
    );
    const balance = await balanceOf(db, user.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(await ledgerSum(db, user.id));
  });
});
