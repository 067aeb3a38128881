import type { FastifyInstance } from 'fastify';
import type { DailyStat, DailyStatsQuery } from '@image-lab/contract';
import { creditsUsedPerDay, imagesPerDay } from './stats.repository.ts';

const DAY_MS = 86_400_000;

/** The calendar days of the range in the requested zone, oldest first. */
export function dayRange(now: Date, days: number, offset: number): string[] {
  const localNow = now.getTime() + offset * 60_000;
  return Array.from({ length: days }, (_, i) =>
    new Date(localNow - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

export async function dailyStats(
  app: FastifyInstance,
  accountId: string,
  { days, offset }: DailyStatsQuery,
  now = new Date(),
): Promise<DailyStat[]> {
  const range = dayRange(now, days, offset);
  // Local midnight of the first day, back in UTC.
  const since = new Date(Date.parse(`${range[0]}T00:00:00Z`) - offset * 60_000);
  const [perKind, credits] = await Promise.all([
    imagesPerDay(app.database.db, accountId, since, offset),
    creditsUsedPerDay(app.database.db, accountId, since, offset),
  ]);
  return range.map((date) => {
    const count = (kind: string) =>
      Number(perKind.find((r) => r.day === date && r.kind === kind)?.n ?? 0);
    return {
      date,
      uploaded: count('uploaded'),
      generated: count('generated'),
      creditsUsed: Math.max(0, Number(credits.find((r) => r.day === date)?.used ?? 0)),
    };
  });
}
