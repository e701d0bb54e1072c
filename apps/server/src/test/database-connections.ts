import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { databaseConnectionsApiPaths as api, type DatabaseTestResult } from '@cutout/contracts';

// Helpers for the database-connection tests: calls as the admin, and local TCP servers that
// refuse or never answer, so every driver's error paths run for real.

export function adminApi(app: FastifyInstance, cookie: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    call,
    async create(name: string, config: Record<string, unknown>) {
      const res = await call('POST', api.connections, { name, config });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ connection: { id: string } }>().connection.id;
    },
    async test(id: string) {
      const res = await call('POST', api.test(id));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DatabaseTestResult>();
    },
    async connect(id: string) {
      return call('POST', api.connect(id));
    },
    async query(query: string, options: { confirmWrite?: boolean } = {}) {
      const res = await call('POST', api.query, { query, ...options });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        success: boolean;
        error: string | null;
        data: Record<string, unknown>[];
        columns: string[];
        executionTime: number;
        rowsAffected: number | null;
        rowCount: number;
        kind: 'read' | 'write' | null;
        truncated: false | 'rows' | 'bytes';
        confirmationRequired: boolean;
      }>();
    },
    /** A write on a connection that allows writes: asked first, then confirmed. */
    async write(query: string) {
      const asked = await this.query(query);
      expect(asked, query).toMatchObject({ success: false, confirmationRequired: true });
      return this.query(query, { confirmWrite: true });
    },
    async status() {
      const res = await call('GET', api.status);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        isConnected: boolean;
        connectionInfo: { type: string; host: string; port: number; database: string } | null;
        stats: { activeConnections: number; totalQueries: number; averageResponseTime: number };
        error: string | null;
      }>();
    },
    async tables() {
      const res = await call('GET', api.tables);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{
        tables: {
          name: string;
          type: string;
          rowCount: number | null;
          rowCountEstimated: boolean;
          size: number | null;
          columns: {
            name: string;
            type: string;
            nullable: boolean;
            isPrimaryKey: boolean;
            isForeignKey: boolean;
            references: string | null;
            defaultValue: string | null;
          }[];
        }[];
      }>().tables;
    },
  };
}

/** A port on 127.0.0.1 nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP server on 127.0.0.1 that accepts connections and never says a word. */
export async function silentServer(): Promise<{
  port: number;
  server: Server;
  close: () => Promise<void>;
}> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    server,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Peak heap growth (bytes) while `work` runs, sampled every 5 ms. */
export async function peakHeapGrowth<T>(
  work: () => Promise<T>,
): Promise<{ value: T; peak: number }> {
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  }, 5);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

/** The kernel's peak RSS of this process (VmHWM), reset to the current RSS first; Linux only. */
function kernelPeakRss(): { reset: () => boolean; read: () => number | undefined } {
  const read = () => {
    try {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
      return kb === undefined ? undefined : Number(kb) * 1024;
    } catch {
      return undefined;
    }
  };
  const reset = () => {
    try {
      writeFileSync('/proc/self/clear_refs', '5');
      return true;
    } catch {
      return false;
    }
  };
  return { reset, read };
}

/**
 * Peak RSS growth (bytes) while `work` runs. On Linux the kernel's own peak (VmHWM, reset just
 * before), so a peak while the event loop is busy is not missed; elsewhere, and as a floor, RSS
 * sampled every 5 ms.
 */
export async function peakRssGrowth<T>(
  work: () => Promise<T>,
): Promise<{ value: T; peak: number; source: 'VmHWM' | 'sampled' }> {
  const kernel = kernelPeakRss();
  const base = process.memoryUsage.rss();
  const useKernel = kernel.reset() && kernel.read() !== undefined;
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() - base);
  }, 5);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss() - base);
    const high = useKernel ? kernel.read() : undefined;
    if (high !== undefined) peak = Math.max(peak, high - base);
    return { value, peak, source: high !== undefined ? 'VmHWM' : 'sampled' };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Peak RSS growth (bytes) of another process of ours from now on: its kernel peak (VmHWM) is
 * reset now and read when the returned function is called. Linux only (/proc).
 */
export function processPeakRssGrowth(pid: number): () => number {
  const read = (field: 'VmRSS' | 'VmHWM') => {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    )?.[1];
    if (kb === undefined) throw new Error(`No ${field} for process ${pid}.`);
    return Number(kb) * 1024;
  };
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const base = read('VmRSS');
  return () => read('VmHWM') - base;
}

/**
 * Whether a process is still there (signal 0 only checks). A zombie — ended, not yet reaped by
 * a parent that is not this process — counts as gone (Linux: its state in /proc).
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * The share of `samples` taken over `ms` in which this process's busiest other thread was
 * running or waiting for a core (state R in /proc): a thread that never stops is found in
 * (nearly) every sample however loaded the machine is; idle threads almost never. Linux only.
 */
export async function busiestThread(ms: number, samples = 25): Promise<number> {
  const self = readlinkSync('/proc/thread-self').split('/').pop();
  const runnable = new Map<string, number>();
  for (let i = 0; i < samples; i++) {
    for (const tid of readdirSync('/proc/self/task')) {
      if (tid === self) continue;
      try {
        // The state follows the name in parentheses (which may hold spaces).
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'R') {
          runnable.set(tid, (runnable.get(tid) ?? 0) + 1);
        }
      } catch {
        // The thread ended meanwhile.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, ms / samples));
  }
  return Math.max(0, ...runnable.values()) / samples;
}

/**
 * Prints the byte cap's figure: 200 values of 1 MB each, the result and the RSS growth (and that
 * of the process that read the values, `runner`, when that is not the server).
 */
export function reportByteCap(
  label: string,
  resultBytes: number,
  rssGrowth: number,
  source: 'VmHWM' | 'sampled',
  runner?: number,
): void {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const own = runner === undefined ? '' : `; its own process's ${mb(runner)} MB (VmHWM)`;
  process.stdout.write(
    `[memory] ${label}: 200 rows × 1 MB; answered ${mb(resultBytes)} MB (truncated: bytes), peak RSS growth ${mb(rssGrowth)} MB (${source})${own}\n`,
  );
}

/**
 * Prints a memory figure (the report's "measured with" command runs these tests); `runner` is
 * the peak RSS growth of the process that read the rows, when that is not the server.
 */
export function reportMemory(
  label: string,
  peakHeap: number,
  rssGrowth: number,
  runner?: number,
): void {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  const own = runner === undefined ? '' : `; its own process's peak RSS growth ${mb(runner)} MB`;
  process.stdout.write(
    `[memory] ${label}: 1,000 of 1,000,000 rows; peak heap growth ${mb(peakHeap)} MB, RSS growth ${mb(rssGrowth)} MB${own}\n`,
  );
}
