import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessChannel, type AccountEvent } from '../../platform/events.ts';
import { accessOf, requireUser } from '../../platform/session.ts';

export const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events per account: new images, job progress and credit changes reach every open
 * tab and device of the account being acted on. With REDIS_URL the bus spans all processes.
 *
 * A stream carries one account's events for one level of access. When that access changes (a
 * share removed, a role changed, a switch of account, the session ended) the stream says
 * `access-changed` and ends at once (docs/decisions/022); the browser reconnects as whoever it
 * now is. Each heartbeat also re-reads the session, in case a change was announced elsewhere.
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
      const user = requireUser(request);
      const accountId = request.accountId!;
      const canWrite = request.canWrite;
      const sessionHash = request.sessionHash!;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const send = (event: AccountEvent) => {
        if (!raw.writableEnded) {
          raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`);
        }
      };
      const end = () => {
        send({ type: 'access-changed' });
        raw.end();
      };
      // Subscribed before the first byte: a client that has read it misses nothing after.
      const unsubscribe = await app.events.subscribe(accountId, send);
      const unsubscribeAccess = await app.events.subscribe(accessChannel(user.id), end);
      raw.write('retry: 3000\n\n');
      const stillSame = async () => {
        const now = await accessOf(app, sessionHash);
        return now?.accountId === accountId && now.canWrite === canWrite;
      };
      const heartbeat = setInterval(() => {
        if (raw.writableEnded) return;
        raw.write(': ping\n\n');
        void stillSame().then(
          (same) => same || end(),
          (error: unknown) => request.log.warn({ err: error }, 'could not re-read a session'),
        );
      }, HEARTBEAT_MS);
      open.add(raw);
      // The response closes when we end it or when the client goes away.
      raw.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        unsubscribeAccess();
        open.delete(raw);
      });
    },
  );
};
