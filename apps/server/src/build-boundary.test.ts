import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The production build (tsconfig.build.json) leaves out *.test.ts and src/test/. A helper that
// tests need must live there too: a file the build compiles may not import vitest or a test
// helper, or the built server would carry (and try to load) test code.

const src = path.dirname(fileURLToPath(import.meta.url));
const build = JSON.parse(readFileSync(path.join(src, '../tsconfig.build.json'), 'utf8')) as {
  exclude: string[];
};

function built(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(src, 'test') ? [] : built(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the production build', () => {
  it('excludes the tests and src/test, as this walk assumes', () => {
    expect(build.exclude).toEqual(expect.arrayContaining(['src/**/*.test.ts', 'src/test']));
  });

  it('compiles no file named as a test helper (they belong in src/test)', () => {
    const helpers = built(src).filter((file) =>
      /(?:^|[-.])(?:testing|tests?-helpers?|fixtures?|mocks?|fakes?)\.ts$/.test(
        path.basename(file),
      ),
    );
    expect(helpers.map((f) => path.relative(src, f))).toEqual([]);
  });

  it('compiles no file that imports vitest or a test helper', () => {
    const files = built(src);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return (
        /from '(?:vitest|@vitest\/[^']+)'/.test(text) ||
        /from '(?:\.\.?\/)+(?:[\w-]+\/)*test\/[^']+'/.test(text) ||
        /from '\.\/testing\.js'/.test(text)
      );
    });
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });
});
