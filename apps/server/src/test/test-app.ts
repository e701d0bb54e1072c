import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../db/database.js';
import { withDatabase } from './database-templates.js';

// Builds the real app on a fresh SQLite file in a temporary directory (or a fresh PostgreSQL
// database), for medium tests through app.inject. Both start as copies of databases migrated once
// per test run (database-templates.ts, decision 0180); the app's own migration then finds nothing
// to do.

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
  // A restart test passes the DATA_DIR of an app it closed: its database is kept, not replaced.
  if (
    !options.database &&
    config.database.dialect === 'sqlite' &&
    !options.env?.DATABASE_URL &&
    !existsSync(config.database.file)
  ) {
    copyFileSync(inject('sqliteTemplate'), config.database.file);
  }
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

/**
 * A database handle on a fresh PostgreSQL database, dropped by `dispose`: a copy of the migrated
 * template (CREATE DATABASE … TEMPLATE), or with `empty`, a new uniquely named schema with
 * nothing in it, for tests of the migrations themselves.
 */
export async function openTestPostgres(
  url: string,
  { empty = false, ...options }: { empty?: boolean } & DatabaseOptions = {},
): Promise<{ handle: DatabaseHandle; dispose: () => Promise<void>; url: string }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (empty) {
    await admin.query(`create schema ${name}`);
    return {
      url,
      handle: openDatabase({ dialect: 'postgres', url, schema: name }, options),
      dispose: async () => {
        await admin.query(`drop schema if exists ${name} cascade`);
        await admin.end();
      },
    };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('no PostgreSQL template: is TEST_DATABASE_URL set for vitest?');
  await admin.query(`create database ${name} template ${template}`);
  return {
    /** The copy's own URL: a restart test opens a second app on it. */
    url: withDatabase(url, name),
    handle: openDatabase({ dialect: 'postgres', url: withDatabase(url, name) }, options),
    dispose: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
