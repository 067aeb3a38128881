import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import { billingSubscriptions } from '../src/db/schema/index.ts';
import { balanceOf, ledgerSum } from '../src/features/credits/credits.repository.ts';

type Headers = Record<string, string>;

export const post = (app: App, url: string, headers: Headers, payload?: object) =>
  payload === undefined
    ? app.inject({ method: 'POST', url, headers })
    : app.inject({ method: 'POST', url, headers, payload });

export const get = (app: App, url: string, headers: Headers) =>
  app.inject({ method: 'GET', url, headers });

export async function creditsOf(app: App, accountId: string) {
  return {
    balance: (await balanceOf(app.database.db, accountId)) ?? 0,
    ledger: await ledgerSum(app.database.db, accountId),
  };
}

/** Time passes: the subscription's paid period ended a minute ago. */
export async function endPeriodNow(app: App, subscriptionId: string) {
  const ended = new Date(Date.now() - 60_000);
  await app.database.db
    .update(billingSubscriptions)
    .set({
      currentPeriodEnd: ended,
      currentPeriodStart: new Date(ended.getTime() - 30 * 86_400_000),
    })
    .where(eq(billingSubscriptions.id, subscriptionId));
}

/** The local card form's fields with a card number. */
export const card = (clientSecret: string, cardNumber = '4242 4242 4242 4242') => ({
  clientSecret,
  cardNumber,
  expiry: '12/40',
  cvc: '123',
});
