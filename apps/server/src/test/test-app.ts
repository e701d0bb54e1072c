import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';

// Builds the real app on a fresh SQLite file in a temporary directory (or a fresh PostgreSQL
// schema), for medium tests through app.inject.

export function tempDir(prefix = 'cutout-test-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// Rendered once for all test apps (each has its own DATA_DIR); writes are atomic, so test files
// running side by side can share it.
const sharedSamplesDir = path.join(tmpdir(), 'cutout-test-samples');

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SAMPLES_DIR: sharedSamplesDir,
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close: () => Promise<void>;
}

export async function createTestApp(
  options: BuildOptions & {
    env?: Record<string, string>;
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const tmp = tempDir();
  const config = testConfig({ DATA_DIR: tmp.dir, ...options.env });
  const app = await buildApp(config, { webApp: null, ...options });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      tmp.remove();
    },
  };
}

/** The PostgreSQL URL for tests, or undefined (tests then skip, saying why). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/** A database handle on a fresh, uniquely named PostgreSQL schema, dropped by `dispose`. */
export async function openTestPostgres(
  url: string,
): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void> }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const handle = openDatabase({ dialect: 'postgres', url, schema });
  return {
    handle,
    dispose: async () => {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  };
}
