import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run typecheck` is tools/typecheck/typecheck.mjs: TypeScript 7 in build mode over a
// solution tsconfig that references every workspace (decision 0252). These tests run it on a
// small solution of the same shape, one project with a deliberate type error, and check that the
// TypeScript 6 the rest of the repository uses still owns the root's `tsc`.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const runner = path.join(root, 'tools/typecheck/typecheck.mjs');

let fixture: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true });
  writeFileSync(path.join(fixture, file), text);
}

beforeAll(() => {
  fixture = mkdtempSync(path.join(tmpdir(), 'cutout-typecheck-'));
  const options = { strict: true, noEmit: true, target: 'ES2023', module: 'NodeNext', types: [] };
  const project = JSON.stringify({ compilerOptions: options, include: ['*.ts'] });
  write('good/tsconfig.json', project);
  write('good/index.ts', 'export const count: number = 3;\n');
  write('bad/tsconfig.json', project);
  write('bad/index.ts', "export const count: number = 'three';\n");
  write(
    'tsconfig.json',
    JSON.stringify({ files: [], references: [{ path: 'good' }, { path: 'bad' }] }),
  );
});
afterAll(() => rmSync(fixture, { recursive: true, force: true }));

function typecheck(...projects: string[]) {
  return spawnSync(process.execPath, [runner, ...projects], { cwd: fixture, encoding: 'utf8' });
}

describe('npm run typecheck (TypeScript 7)', () => {
  it('fails on a type error in any referenced project, naming the file and the code', () => {
    const result = typecheck('tsconfig.json');
    expect(result.stdout).toMatch(/^TypeScript 7\.\d+\.\d+: tsc -b tsconfig\.json/);
    expect(result.stdout).toContain(
      "bad/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(result.stdout).not.toContain('good/index.ts');
    expect(result.status).not.toBe(0);
  });

  it('passes a project without errors', () => {
    const result = typecheck('good/tsconfig.json');
    expect(result.stdout).not.toContain('error');
    expect(result.status).toBe(0);
  });

  it('checks every workspace', () => {
    const workspaces = (
      JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] }
    ).workspaces.filter((workspace) => workspace !== 'tools/typecheck');
    // The solution's comments are whole lines.
    const solution = JSON.parse(
      readFileSync(path.join(root, 'tools/typecheck/tsconfig.json'), 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('//'))
        .join('\n'),
    ) as { references: { path: string }[] };
    expect(solution.references.map((ref) => path.posix.join('tools/typecheck', ref.path))).toEqual(
      workspaces,
    );
  });

  it("leaves the root's tsc to TypeScript 6, which typescript-eslint needs", () => {
    const version = (file: string) =>
      (JSON.parse(readFileSync(path.join(root, file), 'utf8')) as { version: string }).version;
    const rootVersion = version('node_modules/typescript/package.json');
    const tsc = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-v'], { encoding: 'utf8' });
    expect(tsc.stdout.trim()).toBe(`Version ${rootVersion}`);
    expect(rootVersion).toMatch(/^6\./);
    expect(version('tools/typecheck/node_modules/typescript/package.json')).toMatch(/^7\./);
  });
});
