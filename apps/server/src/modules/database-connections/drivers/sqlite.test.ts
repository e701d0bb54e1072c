import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isRunning } from '../../../test/database-connections.js';

// The process a SQLite console connection runs in (drivers/sqlite.ts) must never outlive the
// server, even when the server is killed while a statement runs that nothing can interrupt, and
// must not see the server's environment. A server stand-in (this driver under tsx) is started,
// runs a statement that never ends, and is killed.

const driver = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sqlite.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'cutout-sqlite-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const standIn = `
const { sqliteDriver, sqliteProcessIds } = await import(${JSON.stringify(driver)});
const pool = await sqliteDriver(${JSON.stringify(dir)}).open({ type: 'sqlite', database: 'spin.db', timeout: 600000 });
pool.query('with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n', {
  maxRows: 1000, maxBytes: 4194304, maxCellBytes: 65536, timeoutMs: 600000, mode: 'read-only',
});
console.log(JSON.stringify(sqliteProcessIds()));
setInterval(() => undefined, 1000);
`;

describe('the SQLite process of a console connection', () => {
  // The stand-in compiles the driver with tsx first: seconds on a loaded 2-core machine.
  it(
    'gets none of the server environment and dies with the server, even mid-statement',
    { timeout: 60_000 },
    async () => {
      new SQLite(path.join(dir, 'spin.db')).close();
      const server = spawn(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', standIn],
        {
          env: { PATH: process.env.PATH ?? '', CUTOUT_TEST_SECRET: 'not for SQLite' },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      try {
        const pids = await new Promise<number[]>((resolve, reject) => {
          let out = '';
          server.stdout.setEncoding('utf8').on('data', (chunk: string) => {
            out += chunk;
            if (out.includes('\n')) resolve(JSON.parse(out) as number[]);
          });
          server.once('exit', (code) => reject(new Error(`The stand-in exited (${code}): ${out}`)));
        });
        expect(pids).toHaveLength(1);
        const sqlite = pids[0]!;
        // Only what Node itself sets up for the IPC channel.
        const environment = readFileSync(`/proc/${sqlite}/environ`, 'utf8').split('\0');
        expect(environment.filter((v) => v !== '' && !v.startsWith('NODE_CHANNEL_'))).toEqual([]);
        // The statement is running: the process is busy on a core.
        await vi.waitFor(() =>
          expect(readFileSync(`/proc/${sqlite}/stat`, 'utf8')).toMatch(/\) R /),
        );

        server.kill('SIGKILL');
        await vi.waitFor(() => expect(isRunning(sqlite), 'the SQLite process').toBe(false), {
          timeout: 5000,
        });
      } finally {
        server.kill('SIGKILL');
      }
    },
  );
});
