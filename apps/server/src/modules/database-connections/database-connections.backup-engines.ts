import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { databaseBackupFormats, databaseBackupTexts } from '@cutout/contracts';
import {
  parseVersion,
  requireTool,
  runTool,
  ToolError,
} from './database-connections.backup-tools.js';
import type { DriverSettings } from './drivers/driver.js';
import { describeMysqlError } from './drivers/mysql.js';
import { describePgError } from './drivers/postgresql.js';

// How each kind of database is dumped and loaded (decision 0269):
// - SQLite: SQLite's online backup API (better-sqlite3's `.backup()`), in a child process that is
//   killed at the time limit; a restore checks the upload's integrity and then copies it over the
//   connection's file with the same API, which writes the destination in one transaction.
// - PostgreSQL: pg_dump's custom format; pg_restore --single-transaction --exit-on-error.
// - MySQL/MariaDB: mariadb-dump (or mysqldump) --single-transaction; the mariadb (or mysql)
//   client with --sandbox, first into a scratch database of its own (a dump's DDL commits as it
//   goes, so a bad file must fail there), then into the connection's database.

export interface Engine {
  /** Writes a dump of the connection's database to `file`; answers the tool's version. */
  backup(s: DriverSettings, file: string, timeoutMs: number): Promise<string>;
  /** Refuses a file of another kind before anything runs (throws a ToolError with `wrongKind`). */
  checkKind(file: string): Promise<void>;
  /** Loads `file` into the connection's database, whole or not at all. */
  restore(s: DriverSettings, file: string, timeoutMs: number): Promise<string>;
}

/** The first bytes of a file. */
async function head(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const wrongKind = (type: keyof typeof databaseBackupFormats) =>
  new ToolError(databaseBackupTexts.wrongKind(databaseBackupFormats[type].label), 'failed');

// ---- SQLite ----

const betterSqlite3Path = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Plain JavaScript for `node -e`, so it runs from src/ under tsx and Vitest and from dist/ alike
 * (as drivers/sqlite.ts does). Arguments: [mode, better-sqlite3's path, from, to]. A restore's
 * source is the upload, checked whole first; the destination is written by the backup API in one
 * transaction, so a process killed half-way leaves the old file (its journal rolls back).
 */
const SQLITE_CHILD = `
const [mode, modulePath, from, to] = JSON.parse(process.argv[1]);
const Database = require(modulePath);
(async () => {
  const source = new Database(from, { readonly: mode === 'backup', fileMustExist: true });
  if (mode === 'restore') {
    let check;
    try { check = source.pragma('integrity_check', { simple: true }); } catch (e) { check = e.message; }
    if (check !== 'ok') { process.stderr.write('CORRUPT ' + String(check)); process.exit(3); }
  }
  await source.backup(to, { progress: () => 0x7fffffff });
  source.close();
})().catch((error) => { process.stderr.write(String((error && error.message) || error)); process.exit(1); });
`;

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

export function sqliteEngine(resolveFile: (name: string) => string): Engine {
  const run = async (mode: 'backup' | 'restore', from: string, to: string, timeoutMs: number) => {
    try {
      await runTool(
        process.execPath,
        [
          '--max-old-space-size=128',
          '-e',
          SQLITE_CHILD,
          JSON.stringify([mode, betterSqlite3Path, from, to]),
        ],
        { env: {}, timeoutMs },
      );
    } catch (error) {
      if (error instanceof ToolError && /CORRUPT/.test(error.message)) {
        throw new ToolError(databaseBackupTexts.sqliteCorrupt);
      }
      throw error;
    }
  };
  return {
    async backup(s, file, timeoutMs) {
      await run('backup', resolveFile(s.database), file, timeoutMs);
      return 'SQLite online backup';
    },
    async checkKind(file) {
      if (!(await head(file, 16)).equals(SQLITE_MAGIC)) throw wrongKind('sqlite');
    },
    async restore(s, file, timeoutMs) {
      await run('restore', file, resolveFile(s.database), timeoutMs);
      return 'SQLite online backup';
    },
  };
}

// ---- PostgreSQL ----

/**
 * libpq's settings as environment variables: the database name in PGDATABASE is taken as a name
 * (given with -d it would be read as a connection string, and a name like "x host=elsewhere"
 * could send the password to another host).
 */
function pgEnv(s: DriverSettings, timeoutMs: number): Record<string, string> {
  return {
    PGHOST: s.host,
    PGPORT: String(s.port),
    PGUSER: s.username,
    PGDATABASE: s.database,
    PGPASSWORD: s.password,
    PGAPPNAME: 'cutout-admin-backup',
    PGCONNECT_TIMEOUT: String(Math.max(2, Math.ceil(Math.min(s.timeout, timeoutMs) / 1000))),
    // As the driver: TLS verified against the system's authorities when SSL is on.
    PGSSLMODE: s.ssl ? 'verify-full' : 'disable',
    ...(s.ssl ? { PGSSLROOTCERT: '/etc/ssl/certs/ca-certificates.crt' } : {}),
    PGPASSFILE: '/dev/null',
    PGSERVICEFILE: '/dev/null',
  };
}

async function pgServerVersion(s: DriverSettings): Promise<{ num: number; text: string }> {
  const client = new pg.Client({
    host: s.host,
    port: s.port,
    user: s.username,
    password: s.password,
    database: s.database,
    ssl: s.ssl ? { rejectUnauthorized: true } : false,
    connectionTimeoutMillis: s.timeout,
    application_name: 'cutout-admin-backup',
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ num: string; text: string }>(
      "select current_setting('server_version_num') as num, current_setting('server_version') as text",
    );
    return { num: Number(rows[0]!.num), text: rows[0]!.text };
  } catch (error) {
    throw new ToolError(describePgError(error, s).message);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** pg_dump refuses a server newer than itself: said plainly before it runs. */
async function pgTool(name: 'pg_dump' | 'pg_restore', s: DriverSettings, timeoutMs: number) {
  const tool = requireTool([name], 'postgresql-client');
  const version = parseVersion(await runTool(tool, ['--version'], { env: {}, timeoutMs }));
  const server = await pgServerVersion(s);
  const serverMajor =
    server.num >= 100_000 ? Math.floor(server.num / 10_000) : Math.floor(server.num / 100) / 100;
  if (!version || version.major < serverMajor) {
    throw new ToolError(
      databaseBackupTexts.toolTooOld(name, version?.text ?? '?', `PostgreSQL ${server.text}`),
    );
  }
  return { tool, version: `${name} ${version.text} (server ${server.text})` };
}

export const postgresqlEngine: Engine = {
  async backup(s, file, timeoutMs) {
    const { tool, version } = await pgTool('pg_dump', s, timeoutMs);
    await runTool(tool, ['--no-password', '--format=custom', `--file=${file}`], {
      env: pgEnv(s, timeoutMs),
      timeoutMs,
    });
    return version;
  },
  async checkKind(file) {
    if (!(await head(file, 5)).equals(Buffer.from('PGDMP'))) throw wrongKind('postgresql');
    // The archive's table of contents must read, too (a damaged header is refused here).
    const tool = requireTool(['pg_restore'], 'postgresql-client');
    try {
      await runTool(tool, ['--list', file], { env: {}, timeoutMs: 60_000 });
    } catch (error) {
      if (error instanceof ToolError && error.kind === 'missing') throw error;
      throw wrongKind('postgresql');
    }
  },
  async restore(s, file, timeoutMs) {
    const { tool, version } = await pgTool('pg_restore', s, timeoutMs);
    // One transaction: any error rolls back all of it, and so does the process being killed.
    await runTool(
      tool,
      [
        '--no-password',
        '--single-transaction',
        '--exit-on-error',
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        // PGDATABASE names the database: pg_restore connects only with --dbname given, so it
        // is the empty string there, which libpq reads as "use PGDATABASE".
        '--dbname=',
        file,
      ],
      { env: pgEnv(s, timeoutMs), timeoutMs },
    );
    return version;
  },
};

// ---- MySQL / MariaDB ----

function mysqlArgs(s: DriverSettings): string[] {
  return [
    // First: no option file of the server's user is read.
    '--no-defaults',
    '--protocol=TCP',
    `--host=${s.host}`,
    `--port=${s.port}`,
    `--user=${s.username}`,
    ...(s.ssl ? ['--ssl', '--ssl-verify-server-cert'] : []),
  ];
}

const mysqlEnv = (s: DriverSettings): Record<string, string> => ({ MYSQL_PWD: s.password });

async function mysqlConnection(s: DriverSettings, database: string | undefined) {
  try {
    return await mysql.createConnection({
      host: s.host,
      port: s.port,
      user: s.username,
      password: s.password,
      ...(database ? { database } : {}),
      connectTimeout: s.timeout,
      multipleStatements: false,
      ...(s.ssl ? { ssl: { rejectUnauthorized: true } } : {}),
    });
  } catch (error) {
    throw new ToolError(describeMysqlError(error, s).message);
  }
}

/** A database name the tools take as a name (never as an option). */
function plainDatabaseName(s: DriverSettings): string {
  if (s.database.startsWith('-'))
    throw new ToolError(`The database name "${s.database}" cannot start with "-".`);
  return s.database;
}

const MYSQL_HEADER = /^-- (MariaDB|MySQL) dump /;
/** Statements a dump of one database never holds: they would leave the connection's database. */
const MYSQL_FOREIGN =
  /^\s*(?:\/\*!\d*\s*)?(?:USE\s|CREATE\s+(?:DATABASE|SCHEMA)\b|DROP\s+(?:DATABASE|SCHEMA)\b|ALTER\s+(?:DATABASE|SCHEMA)\b)/i;

export const mysqlEngine: Engine = {
  async backup(s, file, timeoutMs) {
    const tool = requireTool(['mariadb-dump', 'mysqldump'], 'mariadb-client');
    const version = (await runTool(tool, ['--version'], { env: {}, timeoutMs })).trim();
    await runTool(
      tool,
      [
        ...mysqlArgs(s),
        '--single-transaction',
        '--skip-lock-tables',
        '--no-tablespaces',
        '--hex-blob',
        '--default-character-set=utf8mb4',
        `--result-file=${file}`,
        '--',
        plainDatabaseName(s),
      ],
      { env: mysqlEnv(s), timeoutMs },
    );
    return version;
  },
  async checkKind(file) {
    const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
    let first: string | undefined;
    try {
      for await (const line of lines) {
        // mariadb-dump 10.11.8+ starts with its sandbox marker, then the header.
        if (first === undefined && !line.startsWith('/*M!999999')) {
          first = line;
          if (!MYSQL_HEADER.test(line)) throw wrongKind('mysql');
          continue;
        }
        if (MYSQL_FOREIGN.test(line))
          throw new ToolError(databaseBackupTexts.mysqlForeignStatement);
      }
    } finally {
      lines.close();
    }
    if (first === undefined) throw wrongKind('mysql');
  },
  async restore(s, file, timeoutMs) {
    const tool = requireTool(['mariadb', 'mysql'], 'mariadb-client');
    const help = await runTool(tool, ['--no-defaults', '--help'], { env: {}, timeoutMs: 30_000 });
    if (!help.includes('--sandbox')) throw new ToolError(databaseBackupTexts.toolNoSandbox(tool));
    const version = (
      await runTool(tool, ['--no-defaults', '--version'], { env: {}, timeoutMs: 30_000 })
    ).trim();
    const load = (database: string, limit: number) =>
      runTool(
        tool,
        [
          ...mysqlArgs(s),
          '--batch',
          `--connect-timeout=${Math.max(2, Math.ceil(s.timeout / 1000))}`,
          // No \! (shell), \. (source) or other file access from the dump; no LOAD DATA LOCAL.
          '--sandbox',
          '--local-infile=0',
          // Not --one-database: without a USE in the file it skips every statement (MariaDB
          // 10.11, measured). A file with USE or CREATE/DROP DATABASE is refused by checkKind.
          '--default-character-set=utf8mb4',
          `--database=${database}`,
        ],
        { env: mysqlEnv(s), stdinFile: file, timeoutMs: limit },
      );
    // A dump's DDL commits as it goes: it must load whole into a scratch database first.
    const scratch = `cutout_restore_${randomBytes(6).toString('hex')}`;
    const admin = await mysqlConnection(s, undefined);
    const started = Date.now();
    try {
      try {
        await admin.query(`CREATE DATABASE \`${scratch}\``);
      } catch (error) {
        throw new ToolError(
          `The trial load needs a scratch database, and the user may not create one: ${(error as Error).message}`,
        );
      }
      try {
        await load(scratch, timeoutMs);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS \`${scratch}\``).catch(() => undefined);
      }
      await load(plainDatabaseName(s), Math.max(timeoutMs - (Date.now() - started), 60_000));
    } finally {
      await admin.end().catch(() => undefined);
    }
    return version;
  },
};
