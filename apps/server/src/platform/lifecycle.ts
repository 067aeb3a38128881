import type { FastifyInstance } from 'fastify';

/**
 * While closing, in-flight requests still finish, but their connections are told to close, so a
 * keep-alive client cannot hold the shutdown open until the keep-alive timeout.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
