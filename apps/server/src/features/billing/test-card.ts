import { badRequest } from '../../platform/errors.ts';

/** Luhn's check digit: a mistyped card number is refused as Stripe's form would. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

function expiryPassed(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((p) => Number(p.trim()));
  // A card is valid to the end of its expiry month.
  return Date.UTC(2000 + year!, month!, 1) <= now.getTime();
}

/** Refuses what Stripe's own form would refuse; returns the card's digits. */
export function checkTestCard(card: { cardNumber: string; expiry: string }, now: Date): string {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) throw badRequest('Your card number is invalid.', 'invalid_number');
  if (expiryPassed(card.expiry, now)) {
    throw badRequest("Your card's expiration date is in the past.", 'invalid_expiry');
  }
  return digits;
}
