import * as z from 'zod/mini';
import { databaseLimits, databaseTypes } from '../database-connections.js';

// Request and response schemas of the admin database API (spec §2, §3, §5). The request
// schemas check only shapes: the §5 rules and their messages are `validateDatabaseConfig`, run by
// the server (and by the dialog before it sends), so one list of problems is answered at once.

const optionalText = z.optional(z.string().check(z.maxLength(databaseLimits.passwordMax)));
const optionalNumber = z.optional(z.nullable(z.number()));

/** POST /api/admin/database/connections and PUT …/{id}. On update a blank password keeps the stored one. */
export const databaseConnectionBodySchema = z.object({
  name: z._default(z.string().check(z.maxLength(databaseLimits.nameMax)), ''),
  config: z.object({
    type: z._default(z.string().check(z.maxLength(40)), ''),
    host: optionalText,
    port: optionalNumber,
    database: optionalText,
    username: optionalText,
    password: optionalText,
    ssl: z.optional(z.boolean()),
    allowWrites: z.optional(z.boolean()),
    allowServerAccess: z.optional(z.boolean()),
    connectionLimit: optionalNumber,
    timeout: optionalNumber,
    charset: optionalText,
    timezone: optionalText,
  }),
});
export type DatabaseConnectionBody = z.input<typeof databaseConnectionBodySchema>;

export const databaseConnectionParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
});

const configSchema = z.object({
  type: z.enum(databaseTypes),
  host: z.string(),
  port: z.number(),
  database: z.string(),
  username: z.string(),
  password: z.string(),
  hasPassword: z.boolean(),
  ssl: z.boolean(),
  allowWrites: z.boolean(),
  allowServerAccess: z.boolean(),
  connectionLimit: z.number(),
  timeout: z.number(),
  charset: z.string(),
  timezone: z.string(),
});

export const databaseConnectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastUsed: z.nullable(z.string()),
  config: configSchema,
});

export const databaseConnectionListSchema = z.object({
  connections: z.array(databaseConnectionSchema),
});

export const databaseConnectionResponseSchema = z.object({
  connection: databaseConnectionSchema,
  message: z.string(),
});

export const databaseTestResultSchema = z.object({
  success: z.boolean(),
  roundTripMs: z.nullable(z.number()),
  message: z.string(),
  powerfulRights: z.array(z.string()),
});

export const databaseStatusSchema = z.object({
  isConnected: z.boolean(),
  connectionId: z.nullable(z.string()),
  connectionName: z.nullable(z.string()),
  connectionInfo: z.nullable(
    z.object({
      type: z.enum(databaseTypes),
      host: z.string(),
      port: z.number(),
      database: z.string(),
    }),
  ),
  stats: z.object({
    activeConnections: z.number(),
    totalQueries: z.number(),
    averageResponseTime: z.number(),
  }),
  error: z.nullable(z.string()),
});

/**
 * POST /api/admin/database/query. An empty query is answered 'Please enter a query' (§5).
 * `confirmWrite`: run a statement that writes on a connection that allows writes (decision 0131).
 */
export const databaseQueryBodySchema = z.object({
  query: z._default(z.string(), ''),
  confirmWrite: z.optional(z.boolean()),
});

export const databaseQueryResultSchema = z.object({
  success: z.boolean(),
  error: z.nullable(z.string()),
  data: z.array(z.unknown()),
  columns: z.array(z.string()),
  executionTime: z.number(),
  rowsAffected: z.nullable(z.number()),
  rowCount: z.number(),
  kind: z.nullable(z.enum(['read', 'write'])),
  truncated: z.union([z.literal(false), z.enum(['rows', 'bytes'])]),
  confirmationRequired: z.boolean(),
});

export const databaseTablesSchema = z.object({
  tables: z.array(
    z.object({
      name: z.string(),
      schema: z.nullable(z.string()),
      type: z.enum(['table', 'view', 'collection']),
      rowCount: z.nullable(z.number()),
      rowCountEstimated: z.boolean(),
      size: z.nullable(z.number()),
      columns: z.array(
        z.object({
          name: z.string(),
          type: z.string(),
          nullable: z.boolean(),
          isPrimaryKey: z.boolean(),
          isForeignKey: z.boolean(),
          references: z.nullable(z.string()),
          defaultValue: z.nullable(z.string()),
        }),
      ),
    }),
  ),
});
