import type { DailyStat } from '@image-lab/contract';

/** 'AI Generation Rate': generated ÷ uploaded with 2 decimals, only when both are above 0. */
export function generationRate(uploaded: number, generated: number): string | null {
  if (uploaded <= 0 || generated <= 0) return null;
  return `${(generated / uploaded).toFixed(2)}x`;
}

/** A round top for the chart's scale: 1, 2, 5, 10, 20, 50… at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function totals(days: readonly DailyStat[]) {
  return days.reduce(
    (sum, d) => ({
      images: sum.images + d.uploaded + d.generated,
      creditsUsed: sum.creditsUsed + d.creditsUsed,
    }),
    { images: 0, creditsUsed: 0 },
  );
}
