/** Dollars as the plan cards show them: $9.99. */
export function formatMoney(amount: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount);
}

export const centsToDollars = (cents: number) => cents / 100;

/** A date without a time, in the person's language: 12 Dec 2026. */
export function formatDay(iso: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** The ledger's reasons as the credit history names them (i18n keys under billing.reasons). */
const KNOWN_REASONS = new Set([
  'subscription',
  'plan_upgrade',
  'starting_grant',
  'generation',
  'video',
  'room_styles',
  'refund',
  'test_adjustment',
]);
export const reasonKey = (reason: string) =>
  `billing.reasons.${KNOWN_REASONS.has(reason) ? reason : 'other'}`;

/** A credit change with its sign: +1,000 or −4. */
export function formatDelta(delta: number, locale?: string): string {
  const number = new Intl.NumberFormat(locale).format(Math.abs(delta));
  return delta >= 0 ? `+${number}` : `−${number}`;
}

/** Groups a card number in fours as it is typed. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM / YY as it is typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}
