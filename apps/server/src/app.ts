import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { healthRoutes } from './features/health/health.routes.ts';
import { galleryRoutes } from './features/gallery/gallery.routes.ts';
import type { Config } from './platform/config.ts';
import type { DatabaseHandle } from './platform/db.ts';
import { registerErrorHandler } from './platform/errors.ts';
import { registerGracefulClose } from './platform/lifecycle.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { inlineScriptHashes, registerSecurity } from './platform/security.ts';
import { readIndexHtml, registerWebApp } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    appVersion: string;
  }
}

const rootPackage = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../package.json',
);
export const appVersion: string = JSON.parse(fs.readFileSync(rootPackage, 'utf8')).version;

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole app: platform plugins first, then features, then the web app fallback. */
export async function buildApp({ config, database, logger }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Let in-flight requests finish on shutdown, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('appVersion', appVersion);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerGracefulClose(app);

  const indexHtml = readIndexHtml(config.webDistDir) ?? '';
  await registerSecurity(app, {
    isProduction: config.isProduction,
    inlineScriptHashes: inlineScriptHashes(indexHtml),
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, appVersion);

  await app.register(healthRoutes);
  await app.register(galleryRoutes);

  await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
