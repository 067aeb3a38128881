import type { FastifyRequest } from 'fastify';

export const TOO_MANY = 'Too many attempts. Please try again later.';

/** Per-route limit; runs after body parsing so keys can include the e-mail. */
export const limit = (max: number, timeWindow: string, key: (r: FastifyRequest) => string) => ({
  rateLimit: {
    // RATE_LIMIT_SCALE raises every sign-in limit at once (test runs, trusted networks).
    max: (request: FastifyRequest) => max * request.server.config.rateLimitScale,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: key,
    errorResponseBuilder: () => ({ statusCode: 429, code: 'rate_limited', message: TOO_MANY }),
  },
});
