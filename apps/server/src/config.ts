import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseStorageUrl, type S3StoreOptions } from './modules/storage/s3-store.js';
import { httpTimeoutDefaults, type HttpTimeouts } from './plugins/http-timeouts.js';

// The only reader of process.env (STYLE.md, convention 3). Parsed once at start; a bad value
// stops the process with a message naming the variable.

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root: src/ and dist/ both sit two levels below apps/server. */
const repoRoot = path.resolve(here, '../../..');

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const positiveInt = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be more than 0');

/** Seconds (fractions allowed) as a whole number of milliseconds, at least 1. */
const wholeMs = (seconds: number) => Math.max(1, Math.round(seconds * 1000));

const positiveSeconds = z.coerce
  .number({ error: 'must be a number' })
  .positive('must be more than 0')
  .max(86_400, 'must be at most 86400 (a day)');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^postgres(ql)?:\/\//.test(v) || v.startsWith('sqlite:'),
      'must be a postgres:// URL or sqlite:<path to file>',
    )
    .optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3, 'must be an address like Cutout <no-reply@example.com>').optional(),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ENGINE_MODEL: z
    .string()
    .min(1, 'must name a model (isnet, u2netp), a .onnx path or an https URL')
    .default('isnet'),
  ENGINE_MODEL_SHA256: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters')
    .optional(),
  ENGINE_MODEL_INPUT_SIZE: positiveInt.default(1024),
  // 0: no engine in this process (an API in scale-out mode; workers run the jobs).
  ENGINE_WORKERS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .optional(),
  ENGINE_THREADS: positiveInt.optional(),
  ENGINE_MEMORY_ARENA: booleanFlag.default(true),
  ENGINE_MAX_INPUT_PIXELS: positiveInt.default(50_000_000),
  ENGINE_MAX_INPUT_SIDE: positiveInt.default(12_000),
  ENGINE_MAX_ASPECT_RATIO: z.coerce
    .number({ error: 'must be a number' })
    .min(1, 'must be 1 or more')
    .default(20),
  ENGINE_JOB_TIMEOUT_SECONDS: positiveInt.default(120),
  JOB_QUEUE_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(16),
  RESULTS_DIR: z.string().min(1, 'must not be empty').optional(),
  STORAGE_URL: z.string().min(1, 'must not be empty').optional(),
  STORAGE_ACCESS_KEY_ID: z.string().min(1, 'must not be empty').optional(),
  STORAGE_SECRET_ACCESS_KEY: z.string().min(1, 'must not be empty').optional(),
  SAMPLES_DIR: z.string().min(1, 'must not be empty').optional(),
  RESULT_RETENTION_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .optional(),
  /** The same retention under the name issue 25 gives it (decision 0156); either may be set. */
  RESULTS_RETENTION_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .optional(),
  CLEANUP_INTERVAL_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .default(15),
  URL_IMPORT_ALLOW_HOSTS: z.string().optional(),
  DATABASE_CONNECTIONS_SQLITE_DIR: z.string().min(1, 'must not be empty').optional(),
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  TURNSTILE_VERIFY_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  API_RATE_LIMIT_PER_MINUTE: positiveInt.default(100),
  PAYMENTS_PROVIDER: z
    .enum(['sandbox', 'lemonsqueezy', 'none'], { error: 'must be sandbox, lemonsqueezy or none' })
    .optional(),
  PAYMENTS_SANDBOX_WEBHOOK_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  PAYMENTS_SANDBOX_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  CREDIT_EXPIRY_SWEEP_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .positive('must be more than 0')
    .default(60),
  LEMONSQUEEZY_API_KEY: z.string().min(1, 'must not be empty').optional(),
  LEMONSQUEEZY_STORE_ID: z.string().regex(/^\d+$/, 'must be the numeric store id').optional(),
  LEMONSQUEEZY_WEBHOOK_SECRET: z.string().min(6, 'must be at least 6 characters').optional(),
  LEMONSQUEEZY_API_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  // Decisions 0120, 0123: the store is in test mode; buyers may enter discount codes.
  LEMONSQUEEZY_TEST_MODE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  LEMONSQUEEZY_DISCOUNTS: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  LEMONSQUEEZY_VARIANT_CREDITS_10: z
    .string()
    .regex(/^\d+$/, 'must be a numeric variant id')
    .optional(),
  LEMONSQUEEZY_VARIANT_CREDITS_100: z
    .string()
    .regex(/^\d+$/, 'must be a numeric variant id')
    .optional(),
  LEMONSQUEEZY_VARIANT_CREDITS_1000: z
    .string()
    .regex(/^\d+$/, 'must be a numeric variant id')
    .optional(),
  // Scale-out job queue (issue 17, decision 0110).
  QUEUE_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be letters, digits, dots, dashes or underscores')
    .default('cutout'),
  QUEUE_LOCK_SECONDS: positiveInt.default(30),
  QUEUE_STALLED_CHECK_SECONDS: positiveInt.default(30),
  WORKER_SHUTDOWN_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 or more')
    .default(60),
  // Slow clients (docs/decisions/0130). Seconds may be fractions (tests use short ones).
  HTTP_HEADERS_TIMEOUT_SECONDS: positiveSeconds.default(httpTimeoutDefaults.headersSeconds),
  HTTP_REQUEST_TIMEOUT_SECONDS: positiveSeconds.default(httpTimeoutDefaults.requestSeconds),
  HTTP_BODY_GRACE_SECONDS: positiveSeconds.default(httpTimeoutDefaults.bodyGraceSeconds),
  HTTP_BODY_MIN_BYTES_PER_SECOND: positiveInt.default(httpTimeoutDefaults.bodyMinBytesPerSecond),
  HTTP_IDLE_TIMEOUT_SECONDS: positiveSeconds.default(httpTimeoutDefaults.idleSeconds),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: positiveSeconds.default(httpTimeoutDefaults.keepAliveSeconds),
  // Backups of Cutout's own data (decision 0268).
  BACKUP_DIR: z.string().min(1, 'must not be empty').optional(),
  /** Hours between scheduled backups; unset or 0: no schedule. */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number({ error: 'must be a number' })
    .min(0, 'must be 0 (off) or more')
    .max(24 * 31, 'must be at most 744 (a month)')
    .optional(),
  BACKUP_KEEP: positiveInt.default(7),
  BACKUP_BEFORE_MIGRATIONS: booleanFlag.default(true),
  // Shared counters in Redis (docs/decisions/0114): REDIS_URL, or else the queue's QUEUE_URL.
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
});

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };

export const integrationEnvNames = [
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'PAYMENTS_PROVIDER',
  'LEMONSQUEEZY_API_KEY',
  'LEMONSQUEEZY_STORE_ID',
  'LEMONSQUEEZY_WEBHOOK_SECRET',
  'LEMONSQUEEZY_API_URL',
  'LEMONSQUEEZY_TEST_MODE',
  'LEMONSQUEEZY_DISCOUNTS',
  'TURNSTILE_SITE_KEY',
  'TURNSTILE_SECRET_KEY',
] as const;
export type IntegrationEnvName = (typeof integrationEnvNames)[number];
export type IntegrationEnv = Partial<Record<IntegrationEnvName, string>>;

export type PaymentsConfig = {
  /** How often expired credit lots are swept. */
  expirySweepMs: number;
} & (
  | {
      provider: 'sandbox';
      /** Where the sandbox posts its webhooks; unset: the address this server listens on. */
      sandboxWebhookUrl: string | undefined;
      /** Signs the sandbox's webhooks; unset: derived from the auth secret. */
      sandboxSecret: string | undefined;
    }
  | {
      provider: 'lemonsqueezy';
      lemonSqueezy: {
        apiKey: string;
        storeId: string;
        webhookSecret: string;
        apiUrl: string;
        /** Plan id → variant id, from LEMONSQUEEZY_VARIANT_*; written to the plans at start. */
        variants: Record<string, string>;
      };
    }
  | { provider: 'none' }
);

type Env = z.output<typeof envSchema>;

/**
 * The environment and the shape the server reads, in one place: the variables' schema, then the
 * mapping to the app's settings. `Config` is what this mapping returns (issue 27, decision 0225),
 * so a new setting is written once here. A problem the variables alone cannot show is reported
 * under the variable to change.
 */
const configSchema = envSchema.transform((e, ctx) => {
  const problem = (variable: string, message: string) => {
    ctx.addIssue({ code: 'custom', path: [variable], message, input: e[variable as keyof Env] });
    return z.NEVER;
  };
  const payments = paymentsConfig(e, problem);
  const dataDir = path.resolve(e.DATA_DIR);
  const database: DatabaseConfig = !e.DATABASE_URL
    ? { dialect: 'sqlite', file: path.join(dataDir, 'cutout.db') }
    : e.DATABASE_URL.startsWith('sqlite:')
      ? { dialect: 'sqlite', file: path.resolve(e.DATABASE_URL.slice('sqlite:'.length)) }
      : { dialect: 'postgres', url: e.DATABASE_URL };
  let storage: S3StoreOptions | undefined;
  try {
    storage = e.STORAGE_URL
      ? parseStorageUrl(e.STORAGE_URL, {
          accessKeyId: e.STORAGE_ACCESS_KEY_ID,
          secretAccessKey: e.STORAGE_SECRET_ACCESS_KEY,
        })
      : undefined;
  } catch (error) {
    return problem('STORAGE_URL', (error as Error).message);
  }
  if (e.HTTP_HEADERS_TIMEOUT_SECONDS >= e.HTTP_REQUEST_TIMEOUT_SECONDS) {
    return problem(
      'HTTP_HEADERS_TIMEOUT_SECONDS',
      'must be less than HTTP_REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    );
  }
  if (
    e.RESULT_RETENTION_HOURS !== undefined &&
    e.RESULTS_RETENTION_HOURS !== undefined &&
    e.RESULT_RETENTION_HOURS !== e.RESULTS_RETENTION_HOURS
  ) {
    return problem(
      'RESULTS_RETENTION_HOURS',
      `is ${e.RESULTS_RETENTION_HOURS} but RESULT_RETENTION_HOURS is ${e.RESULT_RETENTION_HOURS}: set one of the two`,
    );
  }
  const retentionHours = e.RESULTS_RETENTION_HOURS ?? e.RESULT_RETENTION_HOURS ?? 24;
  if (e.ENGINE_WORKERS === 0 && !e.QUEUE_URL) {
    return problem(
      'ENGINE_WORKERS',
      '0 (no engine in this process) needs QUEUE_URL, so worker processes run the jobs',
    );
  }
  const integrationEnv: IntegrationEnv = Object.fromEntries(
    integrationEnvNames.flatMap((name) => (e[name] === undefined ? [] : [[name, e[name]]])),
  );
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/build/client')),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    /** Signs session cookies. Unset: a secret generated once and kept in DATA_DIR/auth-secret. */
    authSecret: e.AUTH_SECRET,
    mail: {
      /**
       * Where contact-form messages are e-mailed (SUPPORT_EMAIL). The transport and sender are
       * integration settings (SMTP_URL, MAIL_FROM through integrationEnv).
       */
      support: e.SUPPORT_EMAIL ?? 'support@cutout.local',
    },
    /** The public API: processing calls per minute per API key (or per signed-in user). */
    api: { rateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE },
    /**
     * scrypt's cost for new password hashes: better-auth's standard, or a 16 times cheaper one
     * under NODE_ENV=test only, never from a variable of its own (decision 0251).
     */
    passwordHashCost: e.NODE_ENV === 'test' ? ('test' as const) : ('standard' as const),
    /** The first admin, created at start when there is no admin yet (never overwritten). */
    admin: {
      email: (e.ADMIN_EMAIL ?? 'admin@cutout.local').toLowerCase(),
      password: e.ADMIN_PASSWORD,
    },
    engine: {
      /** A built-in model name, a .onnx file path or an https URL (downloaded once). */
      model: e.ENGINE_MODEL,
      modelSha256: e.ENGINE_MODEL_SHA256?.toLowerCase(),
      /** Square input side of a custom model (path or URL); built-in models know their own. */
      modelInputSize: e.ENGINE_MODEL_INPUT_SIZE,
      /** Unset: sized for the machine by the engine (docs/decisions/0014). 0: no engine here. */
      workers: e.ENGINE_WORKERS,
      threads: e.ENGINE_THREADS,
      /** onnxruntime's memory arena: faster inference, about 0.8 GB more per worker (0066). */
      memoryArena: e.ENGINE_MEMORY_ARENA,
      maxInputPixels: e.ENGINE_MAX_INPUT_PIXELS,
      /** Longest side in pixels (decision 0013). */
      maxInputSide: e.ENGINE_MAX_INPUT_SIDE,
      /** Long side over short side (decision 0013). */
      maxAspectRatio: e.ENGINE_MAX_ASPECT_RATIO,
      /** A job processing longer than this fails, uncharged (decision 0100). */
      jobTimeoutMs: e.ENGINE_JOB_TIMEOUT_SECONDS * 1000,
    },
    jobs: {
      /** Jobs allowed to wait for a worker; beyond that, 503 with Retry-After. */
      queueSize: e.JOB_QUEUE_SIZE,
      resultsDir: path.resolve(e.RESULTS_DIR ?? path.join(dataDir, 'results')),
      /** An S3-compatible bucket for originals and results instead of resultsDir (decision 0102). */
      storage,
      /** Where the rendered sample images are kept (rendered at first start). */
      samplesDir: path.resolve(e.SAMPLES_DIR ?? path.join(dataDir, 'samples')),
      retentionMs: retentionHours * 3_600_000,
      cleanupIntervalMs: e.CLEANUP_INTERVAL_MINUTES * 60_000,
      /** Hosts URL import may fetch even when they resolve to private addresses (tests only). */
      urlImportAllowHosts: (e.URL_IMPORT_ALLOW_HOSTS ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    /** Admin database connections: the only directory SQLite connections may open files in. */
    databaseConnections: {
      sqliteDir: path.resolve(
        e.DATABASE_CONNECTIONS_SQLITE_DIR ?? path.join(dataDir, 'sqlite-connections'),
      ),
    },
    /**
     * Where Turnstile tokens are verified (TURNSTILE_VERIFY_URL; tests point it at themselves).
     * The keys are integration settings (TURNSTILE_* through integrationEnv).
     */
    turnstileVerifyUrl:
      e.TURNSTILE_VERIFY_URL ?? 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    /** Who sells credit packs (docs/decisions/0070). */
    payments,
    /**
     * The integration variables exactly as the environment gives them (unset: absent). The admin's
     * Integrations settings may fill what the environment leaves unset; the environment wins
     * (modules/integrations, docs/decisions/0107).
     */
    integrationEnv,
    /** Backups of Cutout's own data (decision 0268). */
    backups: {
      /** Where `npm run backup`, 'Back up now' and the schedule write archives. */
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      /** Between scheduled backups; 0: none scheduled. */
      intervalMs: (e.BACKUP_INTERVAL_HOURS ?? 0) * 3_600_000,
      /** Archives kept in dir: the oldest beyond this are deleted after a backup. */
      keep: e.BACKUP_KEEP,
      /** At start, when migrations are pending on a database with data: back it up first. */
      beforeMigrations: e.BACKUP_BEFORE_MIGRATIONS,
    },
    /** Rate limits and the sign-in back-off in Redis, shared by API processes (decision 0114). */
    redis: { url: e.REDIS_URL ?? e.QUEUE_URL },
    /** Scale-out: jobs go through BullMQ on this Redis (decision 0110); unset: in-process. */
    queue: e.QUEUE_URL
      ? {
          url: e.QUEUE_URL,
          /** BullMQ's and the job events' Redis key prefix. */
          prefix: e.QUEUE_PREFIX,
          /** How long a worker's hold on a job lasts unrenewed: a dead worker's job moves after it. */
          lockMs: e.QUEUE_LOCK_SECONDS * 1000,
          /** How often workers look for jobs whose holder died. */
          stalledIntervalMs: e.QUEUE_STALLED_CHECK_SECONDS * 1000,
          /** How long a stopping worker lets running jobs finish before handing them back. */
          shutdownGraceMs: e.WORKER_SHUTDOWN_SECONDS * 1000,
        }
      : undefined,
    /** How long a client may take to send its request, and idle limits (decision 0130). */
    // Whole milliseconds: Node refuses a fractional headersTimeout (a RangeError at start).
    http: {
      headersTimeoutMs: wholeMs(e.HTTP_HEADERS_TIMEOUT_SECONDS),
      requestTimeoutMs: wholeMs(e.HTTP_REQUEST_TIMEOUT_SECONDS),
      bodyGraceMs: wholeMs(e.HTTP_BODY_GRACE_SECONDS),
      bodyMinBytesPerSecond: e.HTTP_BODY_MIN_BYTES_PER_SECOND,
      idleTimeoutMs: wholeMs(e.HTTP_IDLE_TIMEOUT_SECONDS),
      keepAliveTimeoutMs: wholeMs(e.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS),
    } satisfies HttpTimeouts,
  };
});

export type Config = z.output<typeof configSchema>;
export type QueueConfig = NonNullable<Config['queue']>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  return parsed.data;
}

/**
 * PAYMENTS_PROVIDER, defaulting to Lemon Squeezy when its API key is set; else, in production,
 * none (the sandbox gives credits to anyone with the test card: chosen, never implied, decision
 * 0120), and the sandbox in development and tests.
 */
export function defaultPaymentProvider(
  nodeEnv: string,
  hasLemonSqueezyKey: boolean,
): 'lemonsqueezy' | 'sandbox' | 'none' {
  if (hasLemonSqueezyKey) return 'lemonsqueezy';
  return nodeEnv === 'production' ? 'none' : 'sandbox';
}

function paymentsConfig(
  e: Env,
  problem: (variable: string, message: string) => void,
): PaymentsConfig {
  const expirySweepMs = e.CREDIT_EXPIRY_SWEEP_MINUTES * 60_000;
  const provider =
    e.PAYMENTS_PROVIDER ?? defaultPaymentProvider(e.NODE_ENV, Boolean(e.LEMONSQUEEZY_API_KEY));
  if (provider === 'none') return { provider, expirySweepMs };
  if (provider === 'sandbox') {
    return {
      provider,
      expirySweepMs,
      sandboxWebhookUrl: e.PAYMENTS_SANDBOX_WEBHOOK_URL,
      sandboxSecret: e.PAYMENTS_SANDBOX_SECRET,
    };
  }
  const missing = (
    ['LEMONSQUEEZY_API_KEY', 'LEMONSQUEEZY_STORE_ID', 'LEMONSQUEEZY_WEBHOOK_SECRET'] as const
  ).filter((name) => !e[name]);
  for (const name of missing) problem(name, 'must be set when PAYMENTS_PROVIDER is lemonsqueezy');
  if (missing.length > 0) return { provider: 'none', expirySweepMs };
  const variants: Record<string, string> = {};
  if (e.LEMONSQUEEZY_VARIANT_CREDITS_10) variants['credits-10'] = e.LEMONSQUEEZY_VARIANT_CREDITS_10;
  if (e.LEMONSQUEEZY_VARIANT_CREDITS_100)
    variants['credits-100'] = e.LEMONSQUEEZY_VARIANT_CREDITS_100;
  if (e.LEMONSQUEEZY_VARIANT_CREDITS_1000)
    variants['credits-1000'] = e.LEMONSQUEEZY_VARIANT_CREDITS_1000;
  return {
    provider,
    expirySweepMs,
    lemonSqueezy: {
      apiKey: e.LEMONSQUEEZY_API_KEY!,
      storeId: e.LEMONSQUEEZY_STORE_ID!,
      webhookSecret: e.LEMONSQUEEZY_WEBHOOK_SECRET!,
      apiUrl: (e.LEMONSQUEEZY_API_URL ?? 'https://api.lemonsqueezy.com').replace(/\/+$/, ''),
      variants,
    },
  };
}

/** Whether a built web app is present where the config says. */
export function webAppIsBuilt(config: Pick<Config, 'webDistDir'>): boolean {
  return existsSync(config.webDistDir);
}
