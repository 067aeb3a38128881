/** Colour thresholds and warning marks of the credits badge (working areas §2, §9). */
export const CREDITS_HIGH = 100;
export const CREDITS_MEDIUM = 50;
export const CREDITS_CRITICAL = 20;

export type CreditLevel = 'high' | 'medium' | 'low';
export type CreditWarning = 'none' | 'warning' | 'critical';

/** Green at 100 or more, yellow at 50 or more, red otherwise. */
export function creditLevel(credits: number): CreditLevel {
  if (credits >= CREDITS_HIGH) return 'high';
  if (credits >= CREDITS_MEDIUM) return 'medium';
  return 'low';
}

/** Under 50 a warning sign; under 20 an exclamation mark. */
export function creditWarning(credits: number): CreditWarning {
  if (credits < CREDITS_CRITICAL) return 'critical';
  if (credits < CREDITS_MEDIUM) return 'warning';
  return 'none';
}

/** The out-of-credits flag is set when the balance is 0 or less. */
export const isOutOfCredits = (credits: number) => credits <= 0;
