import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ONNX Runtime's own telemetry stays off (src/no-telemetry.ts): every module that loads
// onnxruntime-node sets ORT_DISABLE_TELEMETRY first, and loading the engine sets it in a
// process that did not.

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('ONNX Runtime telemetry', () => {
  it('is turned off before onnxruntime-node is loaded, in every module that loads it', () => {
    const loaders = sources(src).filter((file) =>
      /^import (?!type )[^;]*from 'onnxruntime-node';/m.test(readFileSync(file, 'utf8')),
    );
    expect(loaders.length).toBeGreaterThanOrEqual(2);
    for (const file of [...loaders, path.join(src, 'index.ts'), path.join(src, 'pool/pool.ts')]) {
      const firstImport = readFileSync(file, 'utf8')
        .split('\n')
        .find((line) => line.startsWith('import '));
      expect([path.relative(src, file), firstImport]).toEqual([
        path.relative(src, file),
        expect.stringMatching(/^import '(\.\.?\/)+no-telemetry\.js';$/),
      ]);
    }
  });

  it('is off in a process that loads the engine without the variable, and an operator value is kept', () => {
    const run = (env: NodeJS.ProcessEnv) =>
      execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `await import(${JSON.stringify(path.join(src, 'index.ts'))});
           process.stdout.write(String(process.env.ORT_DISABLE_TELEMETRY));`,
        ],
        { env, encoding: 'utf8', cwd: path.join(src, '..') },
      );
    const { ORT_DISABLE_TELEMETRY: _ignored, ...without } = process.env;
    expect(run(without)).toBe('1');
    expect(run({ ...without, ORT_DISABLE_TELEMETRY: '0' })).toBe('0');
  });
});
