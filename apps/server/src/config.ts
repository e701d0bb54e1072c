import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
});

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  publicUrl: string;
  logLevel: string;
  webDistDir: string;
  trustProxy: boolean;
  metricsToken: string | undefined;
  /** Signs session cookies. Unset: a secret generated once and kept in DATA_DIR/auth-secret. */
  authSecret: string | undefined;
  mail: {
    smtpUrl: string | undefined;
    from: string;
    /** Where contact-form messages are e-mailed (SUPPORT_EMAIL). */
    support: string;
  };
  /** The first admin, created at start when there is no admin yet (never overwritten). */
  admin: { email: string; password: string | undefined };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database: DatabaseConfig = !e.DATABASE_URL
    ? { dialect: 'sqlite', file: path.join(dataDir, 'cutout.db') }
    : e.DATABASE_URL.startsWith('sqlite:')
      ? { dialect: 'sqlite', file: path.resolve(e.DATABASE_URL.slice('sqlite:'.length)) }
      : { dialect: 'postgres', url: e.DATABASE_URL };
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
    authSecret: e.AUTH_SECRET,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? 'Cutout <no-reply@cutout.local>',
      support: e.SUPPORT_EMAIL ?? 'support@cutout.local',
    },
    admin: {
      email: (e.ADMIN_EMAIL ?? 'admin@cutout.local').toLowerCase(),
      password: e.ADMIN_PASSWORD,
    },
  };
}

/** Whether a built web app is present where the config says. */
export function webAppIsBuilt(config: Pick<Config, 'webDistDir'>): boolean {
  return existsSync(config.webDistDir);
}
