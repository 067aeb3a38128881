import {
  BillingConfig,
  BillingOverview,
  CreditHistoryQuery,
  CreditHistoryResponse,
  ErrorResponse,
  MessageResponse,
  PaymentIntentRequest,
  PaymentIntentResponse,
  SubscriptionRequest,
  SubscriptionResponse,
  TestCardRequest,
  TestCardResponse,
} from '@image-lab/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../platform/errors.ts';
import { limit } from '../../platform/rate-limit.ts';
import { requireOwnAccount } from '../../platform/session.ts';
import { oneOffPurchase } from './billing-plans.ts';
import {
  billingOverview,
  createBillingRuntime,
  creditHistory,
  scheduleTestRenewals,
} from './billing.service.ts';
import { stripeWebhookRoutes } from './webhook.routes.ts';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  402: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
  502: ErrorResponse,
};

/** Billing is the account owner's business: a grantee acting on a shared account gets 403. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['billing'];
  const runtime = createBillingRuntime(app);
  if (runtime.test) scheduleTestRenewals(app, runtime.test);
  const payments = limit(30, '1 minute', (r) => r.user?.id ?? r.ip);
  // Card attempts are limited harder: a card form is what card testers look for.
  const cardAttempts = limit(10, '1 minute', (r) => r.user?.id ?? r.ip);

  app.get(
    '/api/billing/config',
    {
      schema: {
        tags,
        summary: 'Payment mode and Stripe publishable key',
        response: { 200: BillingConfig },
      },
    },
    async () => ({
      mode: runtime.provider.mode,
      publishableKey: runtime.stripe?.settings.publishableKey ?? null,
    }),
  );

  app.get(
    '/api/billing',
    {
      schema: {
        tags,
        summary: 'Plan, renewal, premium rooms, credits and invoices of the own account',
        response: { 200: BillingOverview, ...errors },
      },
    },
    async (request) => billingOverview(app, runtime, requireOwnAccount(request).id),
  );

  app.get(
    '/api/billing/credit-history',
    {
      schema: {
        tags,
        summary: 'The credit ledger, newest first, by pages',
        querystring: CreditHistoryQuery,
        response: { 200: CreditHistoryResponse, ...errors },
      },
    },
    async (request) => creditHistory(app, requireOwnAccount(request).id, request.query),
  );

  app.post(
    '/api/get-or-create-subscription',
    {
      config: payments,
      schema: {
        tags,
        summary: 'Client secret of a new or reused incomplete subscription; or a plan change',
        body: SubscriptionRequest,
        response: { 200: SubscriptionResponse, ...errors },
      },
    },
    async (request) => runtime.provider.subscribe(requireOwnAccount(request).id, request.body.plan),
  );

  app.post(
    '/api/create-payment-intent',
    {
      config: payments,
      schema: {
        tags,
        summary: 'Client secret for the premium room upgrade; the amount must be on the price list',
        body: PaymentIntentRequest,
        response: { 200: PaymentIntentResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireOwnAccount(request);
      const purchase = oneOffPurchase(request.body.amount);
      if (!purchase) {
        throw badRequest(
          'amount must be 29.99, the price of the premium room upgrade',
          'unknown_amount',
        );
      }
      return {
        clientSecret: await runtime.provider.payOnce(user.id, purchase),
        mode: runtime.provider.mode,
      };
    },
  );

  for (const [path, cancel] of [
    ['/api/billing/cancel', true],
    ['/api/billing/resume', false],
  ] as const) {
    app.post(
      path,
      {
        config: payments,
        schema: {
          tags,
          summary: cancel
            ? 'Cancel at the end of the paid period (the plan stays active until then)'
            : 'Take back a cancellation before the period ends',
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        await runtime.provider.setCancelAtPeriodEnd(requireOwnAccount(request).id, cancel);
        return {
          message: cancel
            ? 'Your subscription will end at the close of the current period.'
            : 'Your subscription will renew as usual.',
        };
      },
    );
  }

  app.post(
    '/api/billing/test-card',
    {
      config: cardAttempts,
      schema: {
        tags,
        summary: 'Test mode only: pay a client secret with a test card number',
        body: TestCardRequest,
        response: { 200: TestCardResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireOwnAccount(request);
      if (!runtime.test) throw notFound('Test payments are off while Stripe is configured');
      await runtime.test.confirm(user.id, request.body);
      return { status: 'succeeded' as const };
    },
  );

  await app.register(stripeWebhookRoutes, { runtime });
};
