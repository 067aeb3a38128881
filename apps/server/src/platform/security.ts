import crypto from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** sha256 sources for the inline scripts of index.html, so CSP can stay strict. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

export async function registerSecurity(
  app: FastifyInstance,
  options: { isProduction: boolean; inlineScriptHashes: string[]; allowStripe?: boolean },
) {
  // Stripe.js and its Payment Element (iframes) load only when Stripe keys are configured.
  const stripe = (...sources: string[]) => (options.allowStripe ? sources : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          ...options.inlineScriptHashes,
          ...stripe('https://js.stripe.com', 'https://*.js.stripe.com'),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...stripe('https://*.stripe.com')],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...stripe('https://api.stripe.com')],
        frameSrc: [
          "'self'",
          ...stripe('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'),
        ],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.isProduction ? [] : null,
      },
    },
    hsts: options.isProduction,
    crossOriginEmbedderPolicy: false,
  });

  // CSRF: a state-changing call from a browser must come from our own origin. SameSite=Lax
  // cookies already stop most of it; this also covers same-site sibling origins.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.url.startsWith('/api/webhooks/')) return; // signed by their sender instead
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
      throw forbidden('Cross-origin request refused');
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    // X-Forwarded-Host counts only behind a trusted proxy (TRUST_PROXY), which Fastify's
    // request.host already follows: anyone can send the header.
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw forbidden('Cross-origin request refused');
    }
    if (originHost !== request.host) throw forbidden('Cross-origin request refused');
  });
}
