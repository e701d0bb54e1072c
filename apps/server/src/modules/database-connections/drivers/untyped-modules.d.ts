// The few parts of two untyped driver packages Cutout uses (neither ships type declarations).

declare module 'pg-cursor' {
  import type { Submittable } from 'pg';
  interface CursorResult {
    rowCount: number | null;
    command: string | null;
  }
  class Cursor implements Submittable {
    constructor(text: string, values?: unknown[], config?: { rowMode?: 'array' });
    submit: Submittable['submit'];
    read(
      rows: number,
      callback: (
        error: Error | undefined,
        rows: Record<string, unknown>[],
        result: CursorResult,
      ) => void,
    ): void;
    close(callback: (error?: Error) => void): void;
  }
  export default Cursor;
}

declare module 'mssql' {
  export interface MssqlConfig {
    server: string;
    port: number;
    database: string;
    user?: string;
    password?: string;
    connectionTimeout: number;
    requestTimeout: number;
    pool: { max: number; min: number; idleTimeoutMillis: number };
    options: { encrypt: boolean; trustServerCertificate: boolean; useUTC: boolean };
  }
  export interface MssqlRequest {
    stream: boolean;
    query<T = Record<string, unknown>>(
      statement: string,
    ): Promise<{
      recordset: T[];
      rowsAffected: number[];
    }>;
    on(event: 'recordset', listener: (columns: Record<string, unknown>) => void): this;
    on(event: 'row', listener: (row: Record<string, unknown>) => void): this;
    on(event: 'rowsaffected', listener: (count: number) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'done', listener: () => void): this;
    cancel(): void;
    pause(): void;
  }
  export class Transaction {
    constructor(pool: ConnectionPool);
    begin(): Promise<Transaction>;
    rollback(): Promise<void>;
  }
  export class Request implements MssqlRequest {
    constructor(parent: ConnectionPool | Transaction);
    stream: boolean;
    query<T = Record<string, unknown>>(
      statement: string,
    ): Promise<{
      recordset: T[];
      rowsAffected: number[];
    }>;
    on(event: 'recordset', listener: (columns: Record<string, unknown>) => void): this;
    on(event: 'row', listener: (row: Record<string, unknown>) => void): this;
    on(event: 'rowsaffected', listener: (count: number) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'done', listener: () => void): this;
    cancel(): void;
    pause(): void;
  }
  export class ConnectionPool {
    constructor(config: MssqlConfig);
    connect(): Promise<ConnectionPool>;
    close(): Promise<void>;
    request(): MssqlRequest;
    on(event: 'error', listener: (error: Error) => void): this;
    readonly size: number;
  }
  const mssql: {
    ConnectionPool: typeof ConnectionPool;
    Transaction: typeof Transaction;
    Request: typeof Request;
  };
  export default mssql;
}
