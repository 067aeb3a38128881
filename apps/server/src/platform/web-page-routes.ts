import type { FastifyInstance } from 'fastify';

export interface PageQuery {
  key: unknown[];
  data?: unknown;
  /** A non-OK answer as it came: the web app turns it into the error its client throws. */
  error?: { status: number; body: string };
}

export interface PublicPage {
  status: number;
  queries: PageQuery[];
  /** Extra tags for the head (the landing preloads its hero photo, the largest paint). */
  head?: string;
}

/** The same set as the landing's hero (apps/web/src/features/landing/Hero.tsx). */
const HERO_PRELOAD =
  '<link rel="preload" as="image" type="image/avif" fetchpriority="high" ' +
  'imagesrcset="/samples/living-room-480.avif 480w, /samples/living-room-800.avif 800w, /samples/living-room-1200.avif 1200w" ' +
  'imagesizes="(min-width: 1024px) 576px, calc(100vw - 2rem)">';

const FORMS = ['/login', '/signup', '/register', '/forgot-password', '/reset-password'];

/** Paths the app draws itself (signed-in screens, guests' screens): index.html as before. */
const APP_PATHS = [
  /^\/(editor|image-editor|setup-2fa|settings|stats|whiteboard|subscribe|checkout|account-sharing|furniture-shopping|gallery)\/?$/,
  /^\/gallery\/design\/[^/]+\/?$/,
  /^\/shared\/design\/[^/]+\/?$/,
];

/** Same as the shared gallery reads in the browser (features/shared-gallery/shared-api.ts). */
const SHARED_PAGE_SIZE = 500;
const MAX_SHARED_PAGES = 200;

async function readApi(app: FastifyInstance, url: string, cookie: string | undefined) {
  const answer = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: answer.statusCode, body: answer.body };
}

/** A shared project (/share/{token}): one read, as the browser's useSharedProject does. */
async function sharedProject(app: FastifyInstance, token: string, cookie?: string) {
  const key = ['shared-project', token];
  const answer = await readApi(app, `/api/shared-project/${token}`, cookie);
  if (answer.status !== 200) return { status: answer.status, queries: [{ key, error: answer }] };
  return { status: 200, queries: [{ key, data: JSON.parse(answer.body) as unknown }] };
}

/** A shared gallery (/shared/{token}): every page, as the browser's fetchWholeShare does. */
async function sharedGallery(app: FastifyInstance, token: string, cookie?: string) {
  const key = ['/api/shared', token];
  const history: unknown[] = [];
  let createdAt = '';
  let cursor: string | null = null;
  for (let page = 0; page < MAX_SHARED_PAGES && (page === 0 || cursor); page++) {
    const query = new URLSearchParams({ limit: String(SHARED_PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    const answer = await readApi(app, `/api/shared/${token}?${query}`, cookie);
    if (answer.status !== 200) {
      return { status: answer.status, queries: [{ key, error: answer }] };
    }
    const body = JSON.parse(answer.body) as {
      createdAt: string;
      history: unknown[];
      nextCursor: string | null;
    };
    if (page === 0) createdAt = body.createdAt;
    history.push(...body.history);
    cursor = body.nextCursor;
  }
  return { status: 200, queries: [{ key, data: { createdAt, history } }] };
}

/** `token`: the path's segment as sent (the app reads it the same way). */
/** Which public page a path is, with its HTTP status and the data it shows; undefined: the app's. */
export async function pageFor(
  app: FastifyInstance,
  pathname: string,
  signedIn: boolean,
  cookie: string | undefined,
): Promise<PublicPage | undefined> {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  // Signed in, '/' is the editor.
  if (path === '/') {
    if (signedIn) return undefined;
    // The landing promises what this server's engine does (rooms restaged or recoloured).
    const capabilities = await readApi(app, '/api/capabilities', cookie);
    const queries =
      capabilities.status === 200
        ? [{ key: ['/api/capabilities'], data: JSON.parse(capabilities.body) as unknown }]
        : [];
    return { status: 200, queries, head: HERO_PRELOAD };
  }
  if (FORMS.includes(path)) return { status: 200, queries: [] };
  if (APP_PATHS.some((pattern) => pattern.test(pathname))) return undefined;
  const share = /^\/share\/([^/]+)$/.exec(path);
  if (share?.[1]) return sharedProject(app, share[1], cookie);
  if (path === '/shared') return { status: 404, queries: [] };
  const shared = /^\/shared\/([^/]+)$/.exec(path);
  if (shared?.[1]) return sharedGallery(app, shared[1], cookie);
  return { status: 404, queries: [] };
}
