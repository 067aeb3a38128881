import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AI_ENV_SHAPE, hostedConfigProblem, toHostedSettings } from './ai-config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads. The README's configuration table mirrors it. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // Installations (or test runs) sharing one Redis keep their job queues apart by this prefix.
  REDIS_JOB_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, - or _')
    .default('image-lab'),
  /** all: one process does everything; web and worker split HTTP from jobs (decision 031). */
  PROCESS_ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Image Lab <no-reply@localhost>'),
  OIDC_ISSUER_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google speaks OpenID Connect; tests point this at a local provider. */
  GOOGLE_ISSUER_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .default('https://accounts.google.com'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  /** GitHub's web and API addresses (GitHub Enterprise, or a local stand-in in tests). */
  GITHUB_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://github.com'),
  GITHUB_API_URL: z
    .url({ message: 'must be an absolute http(s) URL' })
    .default('https://api.github.com'),
  /** Credits a new account starts with. */
  STARTING_CREDITS: z.coerce
    .number({ message: 'must be a whole number of at least 0' })
    .int('must be a whole number of at least 0')
    .min(0, 'must be a whole number of at least 0')
    .default(100),
  /** Result images a visitor without an account may make per day (0 turns guest editing off). */
  GUEST_FREE_IMAGES: z.coerce
    .number({ message: 'must be a whole number of at least 0' })
    .int('must be a whole number of at least 0')
    .min(0, 'must be a whole number of at least 0')
    .default(5),
  /** Multiplies the sign-in and registration rate limits (1 in production; more for test runs). */
  RATE_LIMIT_SCALE: z.coerce
    .number({ message: 'must be a whole number from 1 to 1000' })
    .int('must be a whole number from 1 to 1000')
    .min(1, 'must be a whole number from 1 to 1000')
    .max(1000, 'must be a whole number from 1 to 1000')
    .default(1),
  /** Uploads with more pixels than this are refused before they are decoded. */
  MAX_IMAGE_PIXELS: z.coerce
    .number({ message: 'must be a whole number of at least 1000000' })
    .int('must be a whole number of at least 1000000')
    .min(1_000_000, 'must be a whole number of at least 1000000')
    .default(40_000_000),
  /** With S3_BUCKET set, images live in an S3-compatible store instead of DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** How many heavy image jobs run at once in this process (2 cores: 2). */
  JOB_CONCURRENCY: z.coerce
    .number({ message: 'must be a whole number between 1 and 64' })
    .int('must be a whole number between 1 and 64')
    .min(1, 'must be a whole number between 1 and 64')
    .max(64, 'must be a whole number between 1 and 64')
    .default(2),
  /**
   * Seconds a running job's lease lasts; the process awaiting the job renews it every third of
   * that. A job whose lease ran out (its process died) is failed and refunded by the sweep.
   */
  JOB_LEASE_SECONDS: z.coerce
    .number({ message: 'must be a whole number between 1 and 3600' })
    .int('must be a whole number between 1 and 3600')
    .min(1, 'must be a whole number between 1 and 3600')
    .max(3600, 'must be a whole number between 1 and 3600')
    .default(60),
  /** Uploads and results are checked by the NSFW classifier unless this is false. */
  MODERATION: booleanFlag.default(true),
  /**
   * How sure the classifier must be that an image is not safe for work before it is refused,
   * 0..1 (0 refuses everything: tests use it to prove the path end to end).
   */
  MODERATION_THRESHOLD: z.coerce
    .number({ message: 'must be a number from 0 to 1' })
    .min(0, 'must be a number from 0 to 1')
    .max(1, 'must be a number from 0 to 1')
    .default(0.6),
  /** With STRIPE_SECRET_KEY set, payments go to Stripe; without it, to the local test provider. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must start with whsec_')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
  STRIPE_PRICE_BASIC: z
    .string()
    .regex(/^price_/, 'must start with price_')
    .optional(),
  STRIPE_PRICE_PREMIUM: z
    .string()
    .regex(/^price_/, 'must start with price_')
    .optional(),
  /** Another address for Stripe's API (a stand-in in tests); https://api.stripe.com otherwise. */
  STRIPE_API_URL: z.url({ message: 'must be an absolute http(s) URL' }).optional(),
  /** Hosted and self-hosted AI providers (docs/decisions/017-hosted-providers.md). */
  ...AI_ENV_SHAPE,
  /** Furniture shopping's product catalogue (JSON); the shipped one is sample data. */
  PRODUCT_CATALOGUE_PATH: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'apps/server/catalogue/sample-catalogue.json')),
  /** With a SerpApi key, furniture shopping searches Google Shopping instead of the catalogue. */
  SERPAPI_API_KEY: z.string().min(1).optional(),
  SERPAPI_URL: z.url({ message: 'must be an absolute http(s) URL' }).default('https://serpapi.com'),
});

/** A Stripe key without the rest of the Stripe settings is a mistake, not test mode. */
const STRIPE_COMPANIONS = [
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_PRICE_BASIC',
  'STRIPE_PRICE_PREMIUM',
] as const;

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function toConfig(env: z.output<typeof EnvSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    redisUrl: env.REDIS_URL,
    redisJobPrefix: env.REDIS_JOB_PREFIX,
    processRole: env.PROCESS_ROLE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID
        ? {
            issuer: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined,
    github:
      env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? {
            clientId: env.GITHUB_CLIENT_ID,
            clientSecret: env.GITHUB_CLIENT_SECRET,
            webUrl: env.GITHUB_URL.replace(/\/$/, ''),
            apiUrl: env.GITHUB_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    startingCredits: env.STARTING_CREDITS,
    guestFreeImages: env.GUEST_FREE_IMAGES,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    maxImagePixels: env.MAX_IMAGE_PIXELS,
    jobConcurrency: env.JOB_CONCURRENCY,
    jobLeaseMs: env.JOB_LEASE_SECONDS * 1000,
    moderation: { enabled: env.MODERATION, threshold: env.MODERATION_THRESHOLD },
    ai: toHostedSettings(env),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    stripe:
      env.STRIPE_SECRET_KEY &&
      env.STRIPE_WEBHOOK_SECRET &&
      env.STRIPE_PUBLISHABLE_KEY &&
      env.STRIPE_PRICE_BASIC &&
      env.STRIPE_PRICE_PREMIUM
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            prices: { basic: env.STRIPE_PRICE_BASIC, premium: env.STRIPE_PRICE_PREMIUM },
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    productCataloguePath: path.resolve(env.PRODUCT_CATALOGUE_PATH),
    serpApi: env.SERPAPI_API_KEY
      ? { apiKey: env.SERPAPI_API_KEY, baseUrl: env.SERPAPI_URL }
      : undefined,
    google: env.GOOGLE_CLIENT_ID
      ? {
          issuer: env.GOOGLE_ISSUER_URL,
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
        }
      : undefined,
  };
}

/** Reads and validates the environment; a bad value throws a one-line ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? 'environment');
      const got = env[key];
      return `${key} ${issue.message}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  if (parsed.data.STRIPE_SECRET_KEY) {
    const missing = STRIPE_COMPANIONS.filter((key) => !parsed.data[key]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: ${missing.join(', ')} must be set when STRIPE_SECRET_KEY is set`,
      );
    }
  }
  const { PROCESS_ROLE: role, REDIS_URL, DATABASE_URL } = parsed.data;
  if (role !== 'all' && (!REDIS_URL || !DATABASE_URL)) {
    throw new ConfigError(
      `Invalid configuration: PROCESS_ROLE=${role} needs REDIS_URL and DATABASE_URL (web and worker processes share their jobs through Redis and their data through PostgreSQL)`,
    );
  }
  const config = toConfig(parsed.data);
  const aiProblem = hostedConfigProblem(config.ai);
  if (aiProblem) throw new ConfigError(`Invalid configuration: ${aiProblem}`);
  return config;
}
