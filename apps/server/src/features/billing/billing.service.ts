import type {
  BillingFlags,
  BillingInvoice,
  BillingOverview,
  CreditHistoryQuery,
  CreditHistoryResponse,
} from '@image-lab/contract';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { badRequest } from '../../platform/errors.ts';
import { scheduleBackground } from '../../platform/process-role.ts';
import { balanceOf, ensureBalance } from '../../platform/credits.repository.ts';
import { isPaidUp } from './billing-plans.ts';
import type { BillingProvider } from './billing.provider.ts';
import {
  findBillingAccount,
  ledgerPage,
  listInvoices,
  listPayments,
  liveSubscription,
  type Executor,
} from './billing.repository.ts';
import { createStripeProvider } from './stripe.provider.ts';
import { createStripeClient } from './stripe-objects.ts';
import {
  createLocalPaymentsProvider,
  type LocalPaymentsProvider,
} from './local-payments.provider.ts';

export interface BillingRuntime {
  provider: BillingProvider;
  /** Set with Stripe keys. */
  stripe?: { client: Stripe; settings: NonNullable<FastifyInstance['config']['stripe']> };
  /** Set without them (the embedded default). */
  test?: LocalPaymentsProvider;
}

export function createBillingRuntime(app: FastifyInstance): BillingRuntime {
  const settings = app.config.stripe;
  if (settings) {
    const client = createStripeClient(settings);
    return { provider: createStripeProvider(app, client, settings), stripe: { client, settings } };
  }
  const test = createLocalPaymentsProvider(app);
  return { provider: test, test };
}

/**
 * What other features and /api/auth/user, /api/user/stats need to know: is the account paid up,
 * on which plan, and has it bought the premium room upgrade.
 */
export async function billingFlags(db: Executor, accountId: string): Promise<BillingFlags> {
  const [live, account] = await Promise.all([
    liveSubscription(db, accountId),
    findBillingAccount(db, accountId),
  ]);
  const subscribed = Boolean(live && isPaidUp(live.status));
  return {
    subscribed,
    plan: subscribed && live ? live.plan : null,
    premiumRooms: Boolean(account?.premiumRoomsAt),
  };
}

/** For the rooms feature: may this account use the premium room features? */
export async function hasPremiumRooms(db: Executor, accountId: string): Promise<boolean> {
  return Boolean((await findBillingAccount(db, accountId))?.premiumRoomsAt);
}

const dollars = (cents: number) => Math.round(cents) / 100;

export async function billingOverview(
  app: FastifyInstance,
  runtime: BillingRuntime,
  accountId: string,
): Promise<BillingOverview> {
  const db = app.database.db;
  await ensureBalance(db, accountId, app.config.startingCredits);
  const [live, account, invoices, payments, credits] = await Promise.all([
    liveSubscription(db, accountId),
    findBillingAccount(db, accountId),
    listInvoices(db, accountId),
    listPayments(db, accountId),
    balanceOf(db, accountId),
  ]);
  const documents: BillingInvoice[] = [
    ...invoices.map((i) => ({
      id: i.id,
      kind: 'subscription' as const,
      plan: i.plan,
      amount: dollars(i.amountCents),
      currency: i.currency,
      status: i.status,
      createdAt: i.createdAt.toISOString(),
      hostedUrl: i.hostedUrl,
    })),
    // Started but never paid intents are noise in an invoice list.
    ...payments
      .filter((p) => p.status !== 'pending')
      .map((p) => ({
        id: p.intentId ?? p.id,
        kind: p.purpose,
        plan: null,
        amount: dollars(p.amountCents),
        currency: p.currency,
        status: p.status === 'succeeded' ? ('paid' as const) : ('failed' as const),
        createdAt: p.updatedAt.toISOString(),
        hostedUrl: null,
      })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // An incomplete subscription is a form left open, not a plan.
  const shown = live && live.status !== 'incomplete' ? live : undefined;
  return {
    mode: runtime.provider.mode,
    subscription: shown
      ? {
          id: shown.id,
          plan: shown.plan,
          status: shown.status,
          active: isPaidUp(shown.status),
          currentPeriodEnd: shown.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: shown.cancelAtPeriodEnd,
        }
      : null,
    premiumRooms: Boolean(account?.premiumRoomsAt),
    creditsRemaining: credits ?? 0,
    invoices: documents,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function creditHistory(
  app: FastifyInstance,
  accountId: string,
  query: CreditHistoryQuery,
): Promise<CreditHistoryResponse> {
  if (query.cursor !== undefined && !UUID.test(query.cursor)) {
    throw badRequest('cursor is not a valid page position', 'invalid_cursor');
  }
  const rows = await ledgerPage(app.database.db, accountId, query.limit + 1, query.cursor);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      delta: r.delta,
      reason: r.reason,
      reference: r.reference,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

const RENEW_EVERY_MS = 10 * 60_000;

/** Test mode bills its own renewals: at start and every ten minutes until the server closes. */
export function scheduleTestRenewals(app: FastifyInstance, test: LocalPaymentsProvider) {
  scheduleBackground(app, {
    name: 'test renewals',
    everyMs: RENEW_EVERY_MS,
    run: () => test.renewDue(),
  });
}
