import { ErrorResponse } from '@image-lab/contract';
import type { FastifyPluginAsync } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { BillingRuntime } from './billing.service.ts';
import { handleStripeEvent } from './stripe-events.ts';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

const WebhookAnswer = z.object({
  received: z.literal(true),
  result: z.enum(['applied', 'duplicate', 'ignored']),
});

/**
 * Stripe signs the exact bytes it sends, so this plugin (and only it) keeps JSON bodies as raw
 * buffers; `constructEvent` checks the signature and the timestamp (5 minutes) before anything
 * is read from the body.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ runtime: BillingRuntime }> = async (
  app,
  { runtime },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    STRIPE_WEBHOOK_PATH,
    {
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook (signed); each event is applied once',
        response: { 200: WebhookAnswer, 400: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => {
      const stripe = runtime.stripe;
      if (!stripe)
        throw badRequest('Stripe webhooks are not configured on this server', 'not_configured');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || signature.length === 0) {
        throw badRequest('Missing Stripe-Signature header', 'invalid_signature');
      }
      if (!Buffer.isBuffer(request.body)) {
        throw badRequest('The webhook body must be JSON', 'invalid_payload');
      }
      let event: Stripe.Event;
      try {
        event = stripe.client.webhooks.constructEvent(
          request.body,
          signature,
          stripe.settings.webhookSecret,
        );
      } catch (error) {
        const reason =
          error instanceof Stripe.errors.StripeSignatureVerificationError
            ? error.message
            : 'The webhook body is not valid JSON';
        request.log.warn({ reason }, 'refused a Stripe webhook');
        throw new AppError(
          400,
          'invalid_signature',
          `Webhook signature verification failed: ${reason}`,
        );
      }
      if (!event || typeof event.id !== 'string' || typeof event.type !== 'string' || !event.data) {
        throw badRequest('The webhook body is not a Stripe event', 'invalid_payload');
      }
      const { result } = await handleStripeEvent(app, stripe.client, stripe.settings, event);
      return { received: true as const, result };
    },
  );
};
