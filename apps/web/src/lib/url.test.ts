import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadAddress, withQuery } from './url';

describe('withQuery', () => {
  it('adds to an address without a query', () => {
    expect(withQuery('/api/jobs/1/results/refined', { download: 1 })).toBe(
      '/api/jobs/1/results/refined?download=1',
    );
  });

  it("merges into the query a touched-up result's address already has", () => {
    expect(downloadAddress('/api/jobs/1/results/refined?v=2')).toBe(
      '/api/jobs/1/results/refined?v=2&download=1',
    );
    expect(
      downloadAddress('https://x.example/api/jobs/1/results/refined?expires=9&sig=a%2Bb&v=3'),
    ).toBe('https://x.example/api/jobs/1/results/refined?expires=9&sig=a%2Bb&v=3&download=1');
  });

  it('keeps the fragment last, replaces a parameter already set and leaves out empty ones', () => {
    expect(withQuery('/a?x=1#top', { x: 2, y: undefined, z: null })).toBe('/a?x=2#top');
    expect(withQuery('/sign-in', { redirect: '/dashboard/settings?tab=api' })).toBe(
      '/sign-in?redirect=%2Fdashboard%2Fsettings%3Ftab%3Dapi',
    );
  });
});

// Every query the app writes goes through withQuery. A template or string that writes
// `?name=` or `&name=` itself is what made `…?v=1?download=1` (issue 39). mailto: addresses are
// encoded per RFC 6068 (spaces as %20, not +), which URLSearchParams does not do: that file is
// the one exception.
const exceptions = new Set(['features/payments/enterprise-mail.ts', 'lib/url.ts']);

// A query joined to something computed: `${a}?x=`, `?x=${b}`, '?x=' + b. A whole literal
// address (a third party's script URL) is not joined to anything.
const handWritten = /\}[?&][A-Za-z_]+=|[?&][A-Za-z_]+=\$\{|[?&][A-Za-z_]+=['"`]\s*\+/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('no query written by hand', () => {
  it('finds no `?name=` or `&name=` built in a string outside lib/url.ts', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const offenders = sources(root).flatMap((file) => {
      const relative = path.relative(root, file).split(path.sep).join('/');
      if (exceptions.has(relative)) return [];
      return readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: `${relative}:${i + 1}` }))
        .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*'))
        .filter(({ line }) => handWritten.test(line))
        .map(({ at, line }) => `${at}: ${line}`);
    });
    expect(offenders).toEqual([]);
  });
});
