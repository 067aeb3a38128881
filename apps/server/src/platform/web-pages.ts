import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.ts';
import { escapeJson } from './web-session.ts';
import { pageFor, type PageQuery } from './web-page-routes.ts';

type Language = 'en' | 'de' | 'fr';
const LANGUAGES: Language[] = ['en', 'de', 'fr'];

/** The web build's server entry (apps/web/src/entry-server.tsx, built into dist-ssr/). */
interface ServerEntry {
  render(input: {
    path: string;
    search: string;
    language: Language;
    theme: 'light' | 'dark';
    queries: PageQuery[];
  }): Promise<{ html: string; state: unknown }>;
}

/** `?lng=`, then the choice the app stored in a cookie, then the browser's languages; English. */
export function pickLanguage(request: FastifyRequest): Language {
  const query = (request.query as Record<string, unknown> | undefined)?.lng;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '');
  for (const wanted of [query, request.cookies.i18nextLng, ...accepted]) {
    const code = typeof wanted === 'string' ? wanted.toLowerCase().split('-')[0] : undefined;
    const found = LANGUAGES.find((l) => l === code);
    if (found) return found;
  }
  return 'en';
}

/** index.html with the stylesheet inlined (no request blocks the first paint) and slots filled. */
function pageTemplate(indexHtml: string, webDistDir: string) {
  const styled = indexHtml.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
    (link, href: string) => {
      const file = path.join(webDistDir, href);
      return fs.existsSync(file) ? `<style>${fs.readFileSync(file, 'utf8')}</style>` : link;
    },
  );
  return (html: string, state: unknown, language: Language, theme: 'light' | 'dark', head = '') =>
    styled
      .replace('</head>', `${head}</head>`)
      .replace(
        /<html lang="[^"]*">/,
        `<html lang="${language}" data-theme="${theme}"${theme === 'dark' ? ' class="dark"' : ''}>`,
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-ssr="">${html}</div><script type="application/json" id="ssr-state">${escapeJson(state)}</script>`,
      );
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, body: string) {
  reply
    .status(status)
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding, cookie, accept-language')
    .type('text/html; charset=utf-8');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  // Rendered per request: a fast compression level, not the build's maximum.
  if (/\bbr\b/.test(accepts)) {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
    return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(body, { params }));
  }
  if (/\bgzip\b/.test(accepts)) {
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body, { level: 6 }));
  }
  return reply.send(body);
}

/**
 * Server-rendered public pages (issue 20): the landing for visitors, the sign-in forms, shared
 * links with their data and the 404 screen arrive drawn, in the visitor's language and theme,
 * and the app hydrates them later. Returns undefined when the path is the browser's to draw (or
 * the server build is missing): the caller then sends index.html as before.
 */
export async function createPageRenderer(
  app: FastifyInstance,
  webDistDir: string,
  indexHtml: string,
) {
  const entryFile = path.join(webDistDir, '..', 'dist-ssr', 'entry-server.js');
  if (!fs.existsSync(entryFile)) return undefined;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const fill = pageTemplate(indexHtml, webDistDir);

  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const url = new URL(request.url, 'http://local');
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    const page = await pageFor(app, url.pathname, signedIn, request.headers.cookie);
    if (!page) return false;
    const language = pickLanguage(request);
    const theme = request.cookies.theme === 'dark' ? 'dark' : 'light';
    try {
      const { html, state } = await entry.render({
        path: url.pathname,
        search: url.search.replace(/^\?/, ''),
        language,
        theme,
        queries: page.queries,
      });
      send(request, reply, page.status, fill(html, state, language, theme, page.head));
      return true;
    } catch (err) {
      // The browser can still draw the page itself.
      request.log.error({ err }, 'server rendering failed');
      return false;
    }
  };
}
