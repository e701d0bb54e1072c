import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

function spawnTs(file: string, args: string[], env: Record<string, string> = {}) {
  const path = fileURLToPath(new URL(file, import.meta.url));
  return spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
}

/** Runs a TypeScript file of this folder in a fresh Node process and returns its JSON output. */
export function runChild<T>(
  file: string,
  args: string[],
  env?: Record<string, string>,
): Promise<T> {
  const child = spawnTs(file, args, env);
  child.stdin.end();
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${file} exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** A child that answers one JSON line per request line, for alternating measurements. */
export function startLineChild(file: string): {
  ask(line: string): Promise<unknown>;
  close(): void;
} {
  const child = spawnTs(file, []);
  const lines = createInterface({ input: child.stdout });
  const waiting: ((value: unknown) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(JSON.parse(line)));
  return {
    ask(line) {
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${line}\n`);
      });
    },
    close() {
      child.stdin.end();
    },
  };
}
