import type { ColumnType, Generated } from 'kysely';

// The database as Kysely sees it. Timestamps are ISO-8601 strings at this boundary on both
// dialects (SQLite stores text; PostgreSQL's timestamptz is read back as text by our pg type
// parser), so repositories handle one representation.

export type Timestamp = ColumnType<string, string | undefined, string>;

export interface ErrorReportTable {
  id: string;
  kind: string;
  message: string;
  stack: string | null;
  component_stack: string | null;
  url: string;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
}

export interface Database {
  error_reports: ErrorReportTable;
}

export type Dialect = 'sqlite' | 'postgres';

export interface IdRow {
  id: Generated<string>;
}
