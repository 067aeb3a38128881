import { z } from 'zod';

/** GET /api/stats/daily: the last `days` days in the browser's time zone (offset in minutes). */
export const DailyStatsQuery = z.object({
  days: z.coerce
    .number({ message: 'days must be a whole number from 1 to 365' })
    .int('days must be a whole number from 1 to 365')
    .min(1, 'days must be a whole number from 1 to 365')
    .max(365, 'days must be a whole number from 1 to 365')
    .default(30),
  /** Minutes east of UTC, as `-new Date().getTimezoneOffset()` gives. */
  offset: z.coerce
    .number({ message: 'offset must be minutes between -840 and 840' })
    .int('offset must be minutes between -840 and 840')
    .min(-840, 'offset must be minutes between -840 and 840')
    .max(840, 'offset must be minutes between -840 and 840')
    .default(0),
});
export type DailyStatsQuery = z.infer<typeof DailyStatsQuery>;

export const DailyStat = z.object({
  /** YYYY-MM-DD in the requested time zone. */
  date: z.string(),
  uploaded: z.number().int(),
  generated: z.number().int(),
  creditsUsed: z.number().int(),
});
export type DailyStat = z.infer<typeof DailyStat>;

/** Every day of the range, oldest first, days without activity included as zeros. */
export const DailyStatsResponse = z.object({ days: z.array(DailyStat) });
export type DailyStatsResponse = z.infer<typeof DailyStatsResponse>;
