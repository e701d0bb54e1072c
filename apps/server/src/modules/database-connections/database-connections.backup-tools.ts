import { spawn } from 'node:child_process';
import { accessSync, constants, openSync, closeSync } from 'node:fs';
import path from 'node:path';
import { databaseBackupTexts } from '@cutout/contracts';

// The databases' own dump and restore programs (pg_dump/pg_restore, mariadb-dump/mariadb), found
// on the server's PATH and run without a shell: every value an admin typed travels in the
// environment or as one `--name=value` argument, passwords only in the environment (PGPASSWORD,
// MYSQL_PWD), never on a command line another user of the machine could read. Each run is
// bounded in time: at the limit its process is killed (SIGKILL). Decision 0269.

/** A program that failed: what it said (its last words, trimmed), or that it was stopped. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly kind: 'failed' | 'timeout' | 'missing' = 'failed',
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** The first of `names` on the PATH that is an executable file, or undefined. */
export function findTool(names: readonly string[]): string | undefined {
  const dirs = (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(path.delimiter);
  for (const name of names) {
    for (const dir of dirs) {
      if (!dir) continue;
      const candidate = path.join(dir, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** The tool's path, or a ToolError naming the Debian package that brings it. */
export function requireTool(names: readonly string[], pkg: string): string {
  const found = findTool(names);
  if (!found)
    throw new ToolError(databaseBackupTexts.toolMissing(names.join(' or '), pkg), 'missing');
  return found;
}

export interface RunOptions {
  /** Variables for the program; nothing of the server's own environment is passed on. */
  env: Record<string, string>;
  /** A file the program reads as its standard input. */
  stdinFile?: string;
  timeoutMs: number;
  /** Told the process id once it started (tests check it is gone after a kill). */
  onSpawn?: (pid: number) => void;
}

const STDERR_KEEP = 16 * 1024;

/** Runs a program to its end; answers its standard output (small outputs only: versions, lists). */
export function runTool(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdin: number | 'ignore' = 'ignore';
    if (options.stdinFile) stdin = openSync(options.stdinFile, 'r');
    const child = spawn(command, args, {
      shell: false,
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', ...options.env },
      stdio: [stdin, 'pipe', 'pipe'],
    });
    if (typeof stdin === 'number') closeSync(stdin);
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < 1024 * 1024) stdout += chunk;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ToolError(`${path.basename(command)} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(
          new ToolError(
            databaseBackupTexts.timedOut(Math.round(options.timeoutMs / 60_000) || 1),
            'timeout',
          ),
        );
      } else if (code === 0) {
        resolve(stdout);
      } else {
        reject(new ToolError(toolMessage(command, stderr, code, signal)));
      }
    });
  });
}

/** The program's own explanation, without its name prefix and noise lines. */
function toolMessage(
  command: string,
  stderr: string,
  code: number | null,
  signal: NodeJS.Signals | null,
): string {
  const name = path.basename(command);
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(pg_restore|pg_dump): (detail|hint):/i.test(line))
    .map((line) => line.replace(new RegExp(`^${name}:\\s*`), '').replace(/^error:\s*/i, ''));
  const said = lines.slice(-3).join(' ').slice(0, 1000);
  if (said) return said;
  return signal ? `${name} was stopped (${signal}).` : `${name} exited with code ${code}.`;
}

/** The first "major.minor" in a program's --version line, as numbers. */
export function parseVersion(
  text: string,
): { major: number; minor: number; text: string } | undefined {
  const match = /(\d+)\.(\d+)/.exec(text);
  if (!match) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), text: match[0] };
}
