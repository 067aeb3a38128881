import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatDelta, formatExpiry, formatMoney, reasonKey } from './format.ts';

describe('billing formats', () => {
  it('shows prices as the plan cards do', () => {
    expect(formatMoney(9.99, 'usd', 'en-US')).toBe('$9.99');
    expect(formatMoney(29.99, 'usd', 'en-US')).toBe('$29.99');
  });
  it('signs credit changes', () => {
    expect(formatDelta(1000, 'en-US')).toBe('+1,000');
    expect(formatDelta(-4, 'en-US')).toBe('−4');
  });
  it('names known ledger reasons and falls back for others', () => {
    expect(reasonKey('subscription')).toBe('billing.reasons.subscription');
    // Every paid job's reservation (platform/paid-job) is named, not 'Other change'.
    for (const paid of ['generation', 'video', 'room_styles', 'refund']) {
      expect(reasonKey(paid)).toBe(`billing.reasons.${paid}`);
    }
    expect(reasonKey('something_new')).toBe('billing.reasons.other');
  });
  it('groups card numbers and expiry dates as they are typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatExpiry('1240')).toBe('12 / 40');
    expect(formatExpiry('1')).toBe('1');
  });
});
