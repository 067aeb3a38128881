import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountEvent } from '../../platform/events.ts';
import { requireUser } from '../auth/session.ts';

export const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events per account: new images, job progress and credit changes reach every open
 * tab and device of the account being acted on. With REDIS_URL the bus spans all processes.
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  // Streams never go idle, so shutdown ends them instead of waiting for them.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(
    '/api/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Live events of the acting account (text/event-stream)',
      },
    },
    async (request, reply) => {
      requireUser(request);
      const accountId = request.accountId!;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const send = (event: AccountEvent) =>
        raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`);
      // Subscribed before the first byte: a client that has read it misses nothing after.
      const unsubscribe = await app.events.subscribe(accountId, send);
      raw.write('retry: 3000\n\n');
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      open.add(raw);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(raw);
      });
    },
  );
};
