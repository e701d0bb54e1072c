import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

describe('starting the server', () => {
  // Starting main.ts compiles it with tsx first: tens of seconds on a loaded 2-core machine.
  it('refuses a bad variable, names it, and exits non-zero', { timeout: 120_000 }, () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', main], {
      env: { PATH: process.env.PATH, PORT: 'http', DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT: must be a number');
    expect(result.stderr).toContain('DATABASE_URL: must be a postgres:// URL');
  });
});
