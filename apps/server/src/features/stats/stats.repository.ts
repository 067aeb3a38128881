import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { creditLedger, images } from '../../db/schema/index.ts';
import type { Database } from '../../platform/db.ts';

/** The local calendar day of a timestamp, `offset` minutes east of UTC, as YYYY-MM-DD. */
const localDay = (
  column: typeof images.createdAt | typeof creditLedger.createdAt,
  offset: number,
) => sql<string>`to_char(${column} + make_interval(mins => ${offset}::int), 'YYYY-MM-DD')`;

export async function imagesPerDay(db: Database, accountId: string, since: Date, offset: number) {
  const day = localDay(images.createdAt, offset);
  return db
    .select({ day, kind: images.kind, n: sql<number>`count(*)::int` })
    .from(images)
    .where(and(eq(images.accountId, accountId), gte(images.createdAt, since)))
    .groupBy(sql`1`, sql`2`);
}

/** Credits spent per day on paid work (images, videos, more room styles), net of refunds. */
/** The ledger's reasons for spending (platform/paid-job's reservations) and giving back. */
const PAID_WORK = ['generation', 'video', 'room_styles', 'refund'];

export async function creditsUsedPerDay(
  db: Database,
  accountId: string,
  since: Date,
  offset: number,
) {
  const day = localDay(creditLedger.createdAt, offset);
  return db
    .select({ day, used: sql<number>`(-sum(${creditLedger.delta}))::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.accountId, accountId),
        gte(creditLedger.createdAt, since),
        inArray(creditLedger.reason, PAID_WORK),
      ),
    )
    .groupBy(sql`1`);
}
