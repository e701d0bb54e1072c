import { describe, expect, it } from 'vitest';
import {
  databaseDefaults,
  isPlainFileName,
  validateDatabaseConfig,
} from './database-connections.js';

// Spec §5 Database config and §9 defaults, as the dialog and the server both check them.

describe('validateDatabaseConfig', () => {
  const pg = { type: 'postgresql', host: 'db', port: 5432, database: 'app', username: 'app' };

  it('applies the §9 defaults of the type to blank fields', () => {
    const out = validateDatabaseConfig({ ...pg, connectionLimit: null, timeout: null });
    expect(out).toEqual({
      ok: true,
      config: {
        type: 'postgresql',
        host: 'db',
        port: 5432,
        database: 'app',
        username: 'app',
        ssl: false,
        allowWrites: false,
        allowServerAccess: false,
        connectionLimit: 10,
        timeout: 60000,
        charset: 'utf8',
        timezone: 'UTC',
      },
    });
    expect(databaseDefaults.port.sqlserver).toBe(1433);
    // Writes are a choice: only an explicit true turns them on.
    for (const allowWrites of [undefined, false]) {
      const out = validateDatabaseConfig({ ...pg, allowWrites });
      expect(out.ok && out.config.allowWrites).toBe(false);
    }
    const writable = validateDatabaseConfig({ ...pg, allowWrites: true });
    expect(writable.ok && writable.config.allowWrites).toBe(true);
    // Server files and programs only ever with writes, and only when asked for (decision 0266).
    expect(writable.ok && writable.config.allowServerAccess).toBe(false);
    const reaching = validateDatabaseConfig({ ...pg, allowWrites: true, allowServerAccess: true });
    expect(reaching.ok && reaching.config.allowServerAccess).toBe(true);
    const readOnly = validateDatabaseConfig({ ...pg, allowServerAccess: true });
    expect(readOnly.ok && readOnly.config.allowServerAccess).toBe(false);
    const mongo = validateDatabaseConfig({
      type: 'mongodb',
      host: 'm',
      port: 27017,
      database: 'x',
    });
    expect(mongo.ok && mongo.config.timeout).toBe(30000);
  });

  it("answers 'Unsupported database type' for anything but the five", () => {
    expect(validateDatabaseConfig({ type: 'oracle' })).toEqual({
      ok: false,
      errors: ['Unsupported database type'],
      unsupported: true,
    });
  });

  it('lists every problem, in the order of the dialog', () => {
    const out = validateDatabaseConfig({
      type: 'mysql',
      host: ' ',
      port: 70000,
      database: 'app',
      connectionLimit: 1.5,
      timeout: -1,
      charset: 'utf8; drop',
      timezone: 'Mars/Olympus Mons',
    });
    expect(out.ok).toBe(false);
    expect(!out.ok && out.errors).toEqual([
      'Host is required',
      'Port must be at most 65535',
      'Username is required',
      'Connection limit must be a whole number',
      'Timeout must be greater than 0',
      'Charset may contain only letters, digits, - and _',
      'Timezone must be UTC, an offset like +02:00, or a name like Europe/Paris',
    ]);
  });

  it('keeps SSL only for PostgreSQL and SQL Server, and SQLite to a file name on one connection', () => {
    const mysql = validateDatabaseConfig({ ...pg, type: 'mysql', ssl: true });
    expect(mysql.ok && mysql.config.ssl).toBe(false);
    const sqlite = validateDatabaseConfig({
      type: 'sqlite',
      database: 'shop.db',
      connectionLimit: 5,
    });
    expect(sqlite.ok && sqlite.config).toMatchObject({ host: '', port: 0, connectionLimit: 1 });
    for (const name of ['../x.db', '/etc/passwd', 'a/b.db', '..', 'C:x.db', 'a\\b']) {
      expect(isPlainFileName(name), name).toBe(false);
    }
    expect(isPlainFileName('shop.db')).toBe(true);
  });
});
