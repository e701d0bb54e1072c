import { allEndpoints, routerUrl, type Endpoint } from '@cutout/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp } from '../test/accounts.js';
import type { TestApp } from '../test/test-app.js';

// One endpoint contract per call (decision 0220): every API route the app registers comes from
// a contract in packages/contracts, every contract is registered, and no routes file or web
// feature writes an API path of its own.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The routes not made from a contract: the OpenAPI document's own pages. */
const outsideContracts = (route: string) => / \/api\/docs(\/|$)/.test(route);

function contractRoutes(): Set<string> {
  const endpoints = Object.values(allEndpoints).flatMap((group) =>
    Object.values(group as Record<string, Endpoint>),
  );
  return new Set(endpoints.map((endpoint) => `${endpoint.method} ${routerUrl(endpoint)}`));
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join(dir, file))
    .filter(keep);
}

describe('endpoint contracts', () => {
  const routes = new Set<string>();
  let t: TestApp;
  beforeAll(async () => {
    t = await createAccountsApp('sqlite', {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          // HEAD answers exactly like the GET it mirrors.
          if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
        }
      },
    });
  });
  afterAll(() => t.close());

  it('register every API route from a contract, and every contract as a route', () => {
    const api = [...routes].filter(
      (route) => / \/(api|v1\.0|remove-background)\//.test(`${route}/`) && !outsideContracts(route),
    );
    const contracts = contractRoutes();
    expect(api.filter((route) => !contracts.has(route))).toEqual([]);
    expect([...contracts].filter((route) => !routes.has(route))).toEqual([]);
  });

  it('leave no API path written in a routes file or a web feature', () => {
    const files = [
      ...filesUnder('apps/server/src/modules', (file) => file.endsWith('.routes.ts')),
      ...filesUnder(
        'apps/web/src/features',
        // Tests and their fixtures (testing.ts) may name the addresses they expect.
        (file) => /\.tsx?$/.test(file) && !/(\.test|\/testing)\.tsx?$/.test(file),
      ),
    ];
    const literal = /['"`]\/(api|v1\.0)\//;
    const offenders = files.filter((file) =>
      literal.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
