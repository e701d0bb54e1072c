import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrations/index.js';

// Vitest globalSetup of the server's test projects (decision 0180): the migrations run once per
// test run, into a SQLite file and (with TEST_DATABASE_URL) a PostgreSQL template database, and
// every test app starts on a copy of them (test-app.ts) instead of migrating its own database.
// Made fresh from the current migrations on each run, so a copy is never stale.

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated SQLite file that test apps copy as their cutout.db. */
    sqliteTemplate: string;
    /** The name of a migrated PostgreSQL database that test databases are made from. */
    postgresTemplate: string | undefined;
  }
}

/** `url` with its database name replaced by `name`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cutout-test-template-'));
  const file = path.join(dir, 'cutout.db');
  const sqlite = openDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(sqlite.db, 'sqlite');
  // Closing the last connection checkpoints the WAL into the file, so the file alone is whole.
  await sqlite.close();
  project.provide('sqliteTemplate', file);

  const url = process.env.TEST_DATABASE_URL || undefined;
  let template: string | undefined;
  if (url) {
    template = `cutout_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const postgres = openDatabase({ dialect: 'postgres', url: withDatabase(url, template) });
    try {
      await migrateToLatest(postgres.db, 'postgres');
    } finally {
      // A template must have no open connection while databases are made from it.
      await postgres.close();
    }
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
