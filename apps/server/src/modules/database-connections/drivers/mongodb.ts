import { connect as tcpConnect } from 'node:net';
import {
  databaseConfigTexts,
  type DatabaseTable,
  type DatabaseTableColumn,
} from '@cutout/contracts';
import type { Document, MongoClient } from 'mongodb';
import {
  authError,
  DriverError,
  networkError,
  ResultCollector,
  timeoutError,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryOutcome,
} from './driver.js';

// MongoDB through the official driver, loaded only when a MongoDB connection is opened.
// The query form (decision 0098): one JSON database command, as `db.runCommand` takes it —
// {"find": "users", "filter": {"active": true}}, {"aggregate": "orders", "pipeline": [...],
// "cursor": {}}, {"count": "users"}, {"insert": "logs", "documents": [...]}. `find` and
// `aggregate` are read through a cursor, at most maxRows documents; any other command answers
// its reply document as the one row.

const CURSOR_COMMANDS = new Set(['find', 'aggregate', 'listCollections', 'listIndexes']);

/** Commands that only read (decision 0131); anything else is a write for the console. */
const READ_COMMANDS = new Set([
  'find',
  'aggregate',
  'count',
  'distinct',
  'listCollections',
  'listIndexes',
  'dbStats',
  'collStats',
  'ping',
  'buildInfo',
  'explain',
]);

/**
 * Whether a database command may change anything: any command but the read ones; an aggregate
 * with an $out or $merge stage; an explain of such a command.
 */
export function mongoCommandWrites(command: Document): boolean {
  const name = Object.keys(command)[0] ?? '';
  if (!READ_COMMANDS.has(name)) return true;
  if (name === 'aggregate') {
    const pipeline: unknown = command.pipeline;
    if (!Array.isArray(pipeline)) return false;
    return pipeline.some(
      (stage) =>
        stage !== null &&
        typeof stage === 'object' &&
        Object.keys(stage as object).some((key) => key === '$out' || key === '$merge'),
    );
  }
  if (name === 'explain') {
    const inner: unknown = command.explain;
    return inner === null || typeof inner !== 'object' || mongoCommandWrites(inner);
  }
  return false;
}

export function describeMongoError(error: unknown, s: DriverSettings): DriverError {
  if (error instanceof DriverError) return error;
  const e = error as {
    name?: string;
    code?: unknown;
    codeName?: string;
    message?: string;
    reason?: unknown;
  };
  const message = e.message ?? String(error);
  if (e.code === 18 || e.codeName === 'AuthenticationFailed') return authError(s.username, error);
  if (
    e.code === 50 ||
    e.codeName === 'MaxTimeMSExpired' ||
    e.name === 'MongoOperationTimeoutError'
  ) {
    return new DriverError(
      'timeout',
      `The command ran longer than ${s.timeout} ms and was stopped.`,
      {
        cause: error,
      },
    );
  }
  if (e.name === 'MongoServerSelectionError') {
    // The message names the socket error of the last attempt, when there was one.
    return (
      networkError(error, s) ??
      (/timed out/i.test(message)
        ? timeoutError(s, error)
        : new DriverError('other', message, { cause: error }))
    );
  }
  if (e.name === 'MongoServerError') return new DriverError('query', message, { cause: error });
  return networkError(error, s) ?? new DriverError('other', message, { cause: error });
}

function parseCommand(statement: string): Document {
  let parsed: unknown;
  try {
    parsed = JSON.parse(statement);
  } catch (error) {
    throw new DriverError(
      'query',
      `A MongoDB query is one JSON database command, such as {"find": "users", "filter": {}}: ${(error as Error).message}`,
    );
  }
  if (
    parsed === null ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    Object.keys(parsed).length === 0
  ) {
    throw new DriverError(
      'query',
      'A MongoDB query is one JSON object naming a command, such as {"find": "users"}.',
    );
  }
  return parsed;
}

/**
 * One TCP connection to host:port and back. The MongoDB driver retries an unknown host or a
 * refused port until its whole selection timeout has passed; this says so at once.
 */
function reachable(s: DriverSettings): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host: s.host, port: s.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(timeoutError(s));
    }, s.timeout);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve();
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(networkError(error, s) ?? new DriverError('other', error.message, { cause: error }));
    });
  });
}

export const mongodbDriver: DatabaseDriver = {
  type: 'mongodb',
  async open(s) {
    await reachable(s);
    const { MongoClient } = await import('mongodb');
    const url = `mongodb://${s.host.includes(':') ? `[${s.host}]` : s.host}:${s.port}/${encodeURIComponent(s.database)}`;
    let open = 0;
    const client: MongoClient = new MongoClient(url, {
      ...(s.username ? { auth: { username: s.username, password: s.password } } : {}),
      maxPoolSize: s.connectionLimit,
      serverSelectionTimeoutMS: s.timeout,
      connectTimeoutMS: s.timeout,
      socketTimeoutMS: s.timeout + 5_000,
      directConnection: true,
      appName: 'cutout-admin',
      monitorCommands: false,
    });
    client.on('connectionCreated', () => (open += 1));
    client.on('connectionClosed', () => (open = Math.max(0, open - 1)));
    const db = client.db(s.database);
    try {
      await db.command({ ping: 1 }, { timeoutMS: s.timeout });
    } catch (error) {
      await client.close().catch(() => undefined);
      throw describeMongoError(error, s);
    }

    const handle: DriverPool = {
      async ping() {
        try {
          await db.command({ ping: 1 }, { timeoutMS: s.timeout });
        } catch (error) {
          throw describeMongoError(error, s);
        }
      },
      async query(statement, options): Promise<QueryOutcome> {
        const command = parseCommand(statement);
        const name = Object.keys(command)[0]!;
        const writes = mongoCommandWrites(command);
        if (writes && options.mode === 'read-only') {
          throw new DriverError('read_only', databaseConfigTexts.mongoReadOnly(name));
        }
        if (writes && options.mode === 'ask-before-write') {
          throw new DriverError('confirm', databaseConfigTexts.confirmWrite);
        }
        const collector = new ResultCollector(options);
        try {
          if (CURSOR_COMMANDS.has(name)) {
            const cursor = db.runCursorCommand({ maxTimeMS: options.timeoutMs, ...command });
            try {
              for await (const doc of cursor) {
                if (!collector.add(doc)) break;
              }
            } finally {
              await cursor.close();
            }
            return collector.outcome(writes ? 'write' : 'read', collector.rows.length);
          }
          const reply = await db.command(command, { timeoutMS: options.timeoutMs });
          collector.add(reply);
          const n = Number(reply.nModified ?? reply.n ?? 0);
          return collector.outcome(writes ? 'write' : 'read', Number.isFinite(n) ? n : 0);
        } catch (error) {
          throw describeMongoError(error, s);
        }
      },
      async tables() {
        try {
          return await mongoCollections(db);
        } catch (error) {
          throw describeMongoError(error, s);
        }
      },
      openConnections: () => open,
      close: () => client.close(),
    };
    return handle;
  },
};

async function mongoCollections(db: ReturnType<MongoClient['db']>): Promise<DatabaseTable[]> {
  const collections = await db.listCollections({}, { nameOnly: false }).toArray();
  const out: DatabaseTable[] = [];
  for (const c of collections.slice(0, 500)) {
    const isView = c.type === 'view';
    const collection = db.collection(c.name);
    let size: number | null = null;
    let rowCount: number | null = null;
    if (!isView) {
      rowCount = await collection.estimatedDocumentCount();
      const [stats] = await collection
        .aggregate<{ storageStats?: { size?: number; totalIndexSize?: number } }>([
          { $collStats: { storageStats: {} } },
        ])
        .toArray()
        .catch(() => []);
      if (stats?.storageStats) {
        size = (stats.storageStats.size ?? 0) + (stats.storageStats.totalIndexSize ?? 0);
      }
    }
    // MongoDB has no fixed columns: the fields of one sampled document, _id as the key.
    const sample = await collection.findOne({});
    const columns: DatabaseTableColumn[] = Object.entries(sample ?? {}).map(([name, value]) => ({
      name,
      type:
        value === null
          ? 'null'
          : Array.isArray(value)
            ? 'array'
            : ((value as object)?.constructor?.name ?? typeof value),
      nullable: name !== '_id',
      isPrimaryKey: name === '_id',
      isForeignKey: false,
      references: null,
      defaultValue: null,
    }));
    out.push({
      name: c.name,
      schema: null,
      type: isView ? 'view' : 'collection',
      rowCount,
      rowCountEstimated: !isView,
      size,
      columns,
    });
  }
  return out;
}
