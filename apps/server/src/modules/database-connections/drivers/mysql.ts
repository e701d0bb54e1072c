import type { Socket } from 'node:net';
import {
  databaseConfigTexts,
  type DatabaseTable,
  type DatabaseTableColumn,
} from '@cutout/contracts';
import mysql from 'mysql2';
import {
  authError,
  DriverError,
  errorCode,
  networkError,
  ResultCollector,
  timeoutError,
  unknownDatabaseError,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryOptions,
  type QueryOutcome,
} from './driver.js';
import { inspectMysql, refusal } from './confinement.js';
import { wireCap } from './postgresql.js';

// MySQL and MariaDB through `mysql2`. Each console statement runs on a connection of its own,
// closed after it, so nothing it sets (SET max_statement_time, roles, temporary tables, user
// variables) outlives it; unless the admin confirmed a write, the session and the transaction
// are READ ONLY, so the server itself refuses writes, DDL included (decision 0131). Rows are read
// as they arrive; once the result is full (rows or bytes) the statement is killed and its
// connection dropped (the protocol cannot stop a result set half-way), so a huge table never
// sits in memory. When the time limit passes Cutout kills the statement's connection itself.

const EXACT_COUNT_BYTES = 32 * 1024 * 1024;

export function describeMysqlError(error: unknown, s: DriverSettings): DriverError {
  if (error instanceof DriverError) return error;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR') {
    return authError(s.username, error);
  }
  if (code === 'ER_DBACCESS_DENIED_ERROR') {
    return new DriverError('auth', `User "${s.username}" may not use database "${s.database}".`, {
      cause: error,
    });
  }
  if (code === 'ER_BAD_DB_ERROR') return unknownDatabaseError(s.database, error);
  if (code === 'PROTOCOL_SEQUENCE_TIMEOUT' || code === 'ER_STATEMENT_TIMEOUT') {
    return new DriverError(
      'timeout',
      `The statement ran longer than ${s.timeout} ms and was stopped.`,
      {
        cause: error,
      },
    );
  }
  if (code === 'ETIMEDOUT') return timeoutError(s, error);
  if (code?.startsWith('ER_')) return new DriverError('query', message, { cause: error });
  return networkError(error, s) ?? new DriverError('other', message, { cause: error });
}

/** mysql2 and the server's session want an offset ('+00:00'); 'UTC' is the §9 default. */
function sessionTimeZone(timezone: string): string {
  return timezone === 'UTC' || timezone === 'Z' ? '+00:00' : timezone;
}

export const mysqlDriver: DatabaseDriver = {
  type: 'mysql',
  async open(s) {
    const zone = sessionTimeZone(s.timezone);
    const connectionOptions: mysql.ConnectionOptions = {
      host: s.host,
      port: s.port,
      user: s.username,
      password: s.password,
      database: s.database,
      connectTimeout: s.timeout,
      charset: s.charset,
      timezone: /^[+-]\d\d:\d\d$/.test(zone) ? zone : 'Z',
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
      multipleStatements: false,
      ...(s.ssl ? { ssl: { rejectUnauthorized: true } } : {}),
    };
    let pool: mysql.Pool;
    try {
      pool = mysql.createPool({ ...connectionOptions, connectionLimit: s.connectionLimit });
    } catch (error) {
      // mysql2 checks the charset name when the pool is made.
      throw new DriverError('other', `The MySQL driver does not know charset "${s.charset}".`, {
        cause: error,
      });
    }
    // Every new connection gets the connection's time zone before its first statement.
    pool.on('connection', (conn) => {
      conn.query('SET time_zone = ?', [zone], () => undefined);
    });
    const promisePool = pool.promise();
    try {
      await promisePool.query('SELECT 1');
    } catch (error) {
      await promisePool.end().catch(() => undefined);
      throw describeMysqlError(error, s);
    }
    let running = 0;

    const handle: DriverPool = {
      async ping() {
        try {
          await promisePool.query('SELECT 1');
        } catch (error) {
          throw describeMysqlError(error, s);
        }
      },
      async query(statement, options) {
        // What reaches outside the database is refused before anything connects (0266).
        const refused = refusal(await inspectMysql(statement), options);
        if (refused) throw refused;
        running += 1;
        let conn: mysql.Connection | undefined;
        try {
          conn = await connect(connectionOptions);
          const session = conn.promise();
          await session.query('SET time_zone = ?', [zone]);
          if (options.mode !== 'write') {
            // Both: the session refuses DDL (which would end a transaction first), the
            // transaction holds a stored procedure's statements to it.
            await session.query('SET SESSION TRANSACTION READ ONLY');
            await session.query('START TRANSACTION READ ONLY');
          }
          return await streamQuery(conn, statement, options, (threadId) =>
            promisePool.query(`KILL ${Number(threadId)}`).then(() => undefined),
          );
        } catch (error) {
          if (errorCode(error) === 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION') {
            if (options.mode === 'read-only') {
              throw new DriverError('read_only', databaseConfigTexts.readOnly, { cause: error });
            }
            if (options.mode === 'ask-before-write') {
              throw new DriverError('confirm', databaseConfigTexts.confirmWrite, { cause: error });
            }
          }
          throw describeMysqlError(error, s);
        } finally {
          running -= 1;
          conn?.destroy();
        }
      },
      async powerfulRights() {
        try {
          // The account's global privileges, as the server lists them for the user itself.
          const [rows] = await promisePool.query(
            `SELECT PRIVILEGE_TYPE AS p FROM information_schema.USER_PRIVILEGES
              WHERE PRIVILEGE_TYPE IN ('FILE', 'SUPER', 'SHUTDOWN', 'PROCESS', 'CONNECTION ADMIN')
              ORDER BY PRIVILEGE_TYPE`,
          );
          return (rows as { p: string }[]).map((r) => `the ${r.p} privilege`);
        } catch (error) {
          throw describeMysqlError(error, s);
        }
      },
      async tables() {
        try {
          return await mysqlTables(promisePool);
        } catch (error) {
          throw describeMysqlError(error, s);
        }
      },
      openConnections: () => {
        // mysql2 keeps its pool's connections in a private list; the count is all we read.
        const internal = pool as unknown as { _allConnections?: { length: number } };
        return (internal._allConnections?.length ?? 0) + running;
      },
      close: () => promisePool.end(),
    };
    return handle;
  },
};

function connect(options: mysql.ConnectionOptions): Promise<mysql.Connection> {
  return new Promise((resolve, reject) => {
    const conn = mysql.createConnection(options);
    conn.connect((error) => {
      if (error) {
        conn.destroy();
        reject(error);
      } else resolve(conn);
    });
  });
}

function streamQuery(
  conn: mysql.Connection,
  statement: string,
  options: QueryOptions,
  kill: (threadId: number) => Promise<void>,
) {
  return new Promise<QueryOutcome>((resolve, reject) => {
    const collector = new ResultCollector(options);
    let isRead = false;
    let affected = 0;
    let settled = false;
    const finish = (outcome: QueryOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    // The limit holds whatever the statement sets (SET STATEMENT max_statement_time=0 FOR …):
    // Cutout kills the statement's connection itself.
    const timer = setTimeout(() => {
      conn.pause();
      void kill(conn.threadId ?? 0).catch(() => undefined);
      finish(
        new DriverError(
          'timeout',
          `The statement ran longer than ${options.timeoutMs} ms and was stopped.`,
        ),
      );
    }, options.timeoutMs);
    // One huge value is bounded like many rows: past the cap in bytes read from the wire, the
    // statement is killed and what was gathered is the result (decision 0266).
    let received = 0;
    const stream = (conn as unknown as { stream?: Socket }).stream;
    stream?.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (settled || received <= wireCap(options)) return;
      conn.pause();
      void kill(conn.threadId ?? 0).catch(() => undefined);
      stream.destroy();
      if (collector.rows.length > 0) {
        collector.stopForBytes();
        finish(collector.outcome('read', null));
      } else {
        finish(new DriverError('query', databaseConfigTexts.valueTooLarge(wireCap(options))));
      }
    });
    conn
      .query({ sql: statement, rowsAsArray: false })
      // Writes also get a (empty) 'fields' event; only a result set has columns.
      .on('fields', (fields) => {
        if (fields) {
          isRead = true;
          const list = fields as unknown as { name: string }[];
          if (collector.columns.length === 0) collector.columns = list.map((f) => f.name);
        }
      })
      .on('result', (row) => {
        if (settled) return;
        if (!isRead || (row as object).constructor?.name === 'ResultSetHeader') {
          const header = row as unknown as { affectedRows?: number };
          affected += header.affectedRows ?? 0;
          return;
        }
        if (!collector.add(row)) {
          // Enough: stop reading; the server would go on producing rows for a closed socket
          // (and keep the table's metadata lock) until it noticed: stop the statement itself.
          conn.pause();
          void kill(conn.threadId ?? 0).catch(() => undefined);
          finish(collector.outcome('read', null));
        }
      })
      .on('error', (error) => finish(error))
      .on('end', () =>
        finish(isRead ? collector.outcome('read', null) : collector.outcome('write', affected)),
      );
  });
}

interface MysqlTableRow {
  name: string;
  type: string;
  estimate: string | null;
  size: string | null;
}
interface MysqlColumnRow {
  table_name: string;
  name: string;
  type: string;
  nullable: string;
  default_value: string | null;
  column_key: string;
  fk: string | null;
}

async function mysqlTables(pool: ReturnType<mysql.Pool['promise']>): Promise<DatabaseTable[]> {
  const [tables] = await pool.query(
    `SELECT TABLE_NAME AS name, TABLE_TYPE AS type, TABLE_ROWS AS estimate,
            DATA_LENGTH + INDEX_LENGTH AS size
       FROM information_schema.TABLES
      WHERE TABLE_SCHEMA = DATABASE()
      ORDER BY TABLE_NAME
      LIMIT 500`,
  );
  const tableRows = tables as MysqlTableRow[];
  if (tableRows.length === 0) return [];
  const [columns] = await pool.query(
    `SELECT c.TABLE_NAME AS table_name, c.COLUMN_NAME AS name, c.COLUMN_TYPE AS type,
            c.IS_NULLABLE AS nullable, c.COLUMN_DEFAULT AS default_value, c.COLUMN_KEY AS column_key,
            (SELECT CONCAT(k.REFERENCED_TABLE_NAME, '.', k.REFERENCED_COLUMN_NAME)
               FROM information_schema.KEY_COLUMN_USAGE k
              WHERE k.TABLE_SCHEMA = c.TABLE_SCHEMA AND k.TABLE_NAME = c.TABLE_NAME
                AND k.COLUMN_NAME = c.COLUMN_NAME AND k.REFERENCED_TABLE_NAME IS NOT NULL
              LIMIT 1) AS fk
       FROM information_schema.COLUMNS c
      WHERE c.TABLE_SCHEMA = DATABASE()
      ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
  );
  const byTable = new Map<string, DatabaseTableColumn[]>();
  for (const c of columns as MysqlColumnRow[]) {
    const list = byTable.get(c.table_name) ?? [];
    list.push({
      name: c.name,
      type: c.type,
      nullable: c.nullable === 'YES',
      isPrimaryKey: c.column_key === 'PRI',
      isForeignKey: c.fk !== null,
      references: c.fk,
      defaultValue: c.default_value,
    });
    byTable.set(c.table_name, list);
  }
  const out: DatabaseTable[] = [];
  for (const t of tableRows) {
    const isView = t.type === 'VIEW';
    const size = isView || t.size === null ? null : Number(t.size);
    let rowCount: number | null = isView || t.estimate === null ? null : Number(t.estimate);
    let estimated = !isView;
    if (!isView && (size ?? 0) <= EXACT_COUNT_BYTES) {
      const [rows] = await pool.query(`SELECT COUNT(*) AS n FROM ${mysql.escapeId(t.name)}`);
      rowCount = Number((rows as { n: string | number }[])[0]?.n ?? 0);
      estimated = false;
    }
    out.push({
      name: t.name,
      schema: null,
      type: isView ? 'view' : 'table',
      rowCount,
      rowCountEstimated: estimated,
      size,
      columns: byTable.get(t.name) ?? [],
    });
  }
  return out;
}
