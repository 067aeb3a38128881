import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { healthRoutes } from './features/health/health.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { providerRoutes } from './features/auth/providers.routes.ts';
import { twoFactorRoutes } from './features/auth/two-factor.routes.ts';
import { accountRoutes } from './features/auth/account.routes.ts';
import { accountSharingRoutes } from './features/account-sharing/account-sharing.routes.ts';
import { registerSessions } from './platform/session.ts';
import { existingGuest } from './platform/guest-identity.ts';
import { galleryRoutes } from './features/gallery/gallery.routes.ts';
import { gallerySharesRoutes } from './features/gallery/gallery-shares.routes.ts';
import { deliveryRoutes } from './features/images/delivery.routes.ts';
import { downloadAllRoutes } from './features/images/download-all.routes.ts';
import { uploadRoutes } from './features/images/upload.routes.ts';
import { storedFileRoutes } from './features/images/stored-files.routes.ts';
import { editRoutes } from './features/generation/edit.routes.ts';
import { analysisRoutes } from './features/generation/analysis.routes.ts';
import { removeObjectRoutes } from './features/generation/remove-object.routes.ts';
import { historyRoutes } from './features/history/history.routes.ts';
import { recipesRoutes } from './features/recipes/recipes.routes.ts';
import { batchRoutes } from './features/batch/batch.routes.ts';
import { guestRoutes } from './features/guests/guest.routes.ts';
import { statsRoutes } from './features/stats/stats.routes.ts';
import { projectsRoutes } from './features/projects/projects.routes.ts';
import { whiteboardRoutes } from './features/whiteboard/whiteboard.routes.ts';
import { videoRoutes } from './features/video/video.routes.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { roomsRoutes } from './features/rooms/rooms.routes.ts';
import { furnitureRoutes } from './features/furniture/furniture.routes.ts';
import type { ProviderRegistry } from '@image-lab/engine';
import { createEngine } from './platform/engine.ts';
import { createJobRunner, type JobRunner } from './platform/jobs.ts';
import { LocalStorage, type Storage } from './platform/storage.ts';
import { S3Storage } from './platform/storage-s3.ts';
import type { Config } from './platform/config.ts';
import type { DatabaseHandle } from './platform/db.ts';
import { createEventBus, type EventBus } from './platform/events.ts';
import { registerFileAccess } from './platform/file-access.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { answerRouterError, registerErrorHandler } from './platform/errors.ts';
import { AccountHooks } from './platform/account-hooks.ts';
import { registerGracefulClose } from './platform/lifecycle.ts';
import { servesHttp } from './platform/process-role.ts';
import { registerTextHygiene } from './platform/text-hygiene.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { inlineScriptHashes, registerSecurity } from './platform/security.ts';
import { readIndexHtml, registerWebApp } from './platform/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    appVersion: string;
    mailer: Mailer;
    events: EventBus;
    storage: Storage;
    jobs: JobRunner;
    engine: ProviderRegistry;
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
  /** Tests swap in failing or slow parts; production uses the configured ones. */
  storage?: Storage;
  engine?: ProviderRegistry;
  jobs?: JobRunner;
}

/** Builds the whole app: platform plugins first, then features, then the web app fallback. */
export async function buildApp({ config, database, logger, ...parts }: BuildOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Let in-flight requests finish on shutdown, but do not wait for idle keep-alive sockets.
    forceCloseConnections: 'idle',
    frameworkErrors: answerRouterError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('appVersion', appVersion);
  app.decorate('accountHooks', new AccountHooks());
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerTextHygiene(app);
  registerGracefulClose(app);

  const indexHtml = readIndexHtml(config.webDistDir) ?? '';
  await registerSecurity(app, {
    isProduction: config.isProduction,
    inlineScriptHashes: inlineScriptHashes(indexHtml),
    allowStripe: Boolean(config.stripe),
  });
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log: app.log,
      // Tests read links from the answers and a real SMTP server, not from the terminal.
      ...(config.env === 'test' ? { print: () => undefined } : {}),
    }),
  );
  const events = createEventBus(config.redisUrl, (err) =>
    app.log.warn({ err }, 'event bus: Redis connection error'),
  );
  app.decorate('events', events);
  app.addHook('onClose', async () => events.close());
  app.decorate(
    'storage',
    parts.storage ??
      (config.s3
        ? new S3Storage(config.s3)
        : new LocalStorage(path.join(config.dataDir, 'uploads'))),
  );
  app.decorate('engine', parts.engine ?? createEngine(config, app.log));
  const jobs =
    parts.jobs ??
    createJobRunner({
      redisUrl: config.redisUrl,
      concurrency: config.jobConcurrency,
      leaseMs: config.jobLeaseMs,
      prefix: config.redisJobPrefix,
      role: config.processRole,
      log: app.log,
    });
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.close());
  await app.register(cookie);
  // Limits per upload are set where the form is read (platform/multipart.ts).
  await app.register(multipart);
  registerSessions(app);
  registerFileAccess(app, { guestOf: existingGuest });
  // With REDIS_URL, limits are shared by every server process.
  const limiterRedis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
    : undefined;
  if (limiterRedis) app.addHook('onClose', async () => void (await limiterRedis.quit()));
  await app.register(rateLimit, { global: false, redis: limiterRedis, nameSpace: 'image-lab-rl:' });
  await registerOpenApi(app, appVersion);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(providerRoutes);
  await app.register(twoFactorRoutes);
  await app.register(accountRoutes);
  await app.register(eventsRoutes);
  await app.register(accountSharingRoutes);
  await app.register(galleryRoutes);
  await app.register(gallerySharesRoutes);
  await app.register(uploadRoutes);
  await app.register(storedFileRoutes);
  await app.register(deliveryRoutes);
  await app.register(downloadAllRoutes);
  await app.register(editRoutes);
  await app.register(analysisRoutes);
  await app.register(removeObjectRoutes);
  await app.register(historyRoutes);
  await app.register(recipesRoutes);
  await app.register(batchRoutes);
  await app.register(guestRoutes);
  await app.register(statsRoutes);
  await app.register(projectsRoutes);
  await app.register(whiteboardRoutes);
  await app.register(videoRoutes);
  await app.register(billingRoutes);
  await app.register(roomsRoutes);
  await app.register(furnitureRoutes);

  if (servesHttp(config.processRole)) await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
