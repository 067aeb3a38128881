import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createPageRenderer } from './web-pages.ts';
import { sessionUserBlock } from './web-session.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function readIndexHtml(webDistDir: string): string | undefined {
  const file = path.join(webDistDir, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

/**
 * Serves the built web app: hashed assets cached forever, everything else revalidated, and every
 * path that is not an API call answered with a server-rendered page (web-pages.ts) or index.html.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexHtml = readIndexHtml(webDistDir);
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies beside each text file (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const renderPage = indexHtml ? await createPageRenderer(app, webDistDir, indexHtml) : undefined;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (renderPage && (await renderPage(request, reply))) return reply;
    return sendIndex(request, reply);
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    }
    const session = await sessionUserBlock(app, request);
    return reply
      .header('cache-control', session ? 'private, no-cache' : 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(session ? indexHtml.replace('</body>', `${session}</body>`) : indexHtml);
  };
  app.get('/', { schema: { hide: true } }, async (request, reply) => sendPage(request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/') || !wantsPage) {
      return reply
        .status(404)
        .send({ message: `Route ${request.method} ${url} not found`, code: 'not_found' });
    }
    return sendPage(request, reply);
  });
}
