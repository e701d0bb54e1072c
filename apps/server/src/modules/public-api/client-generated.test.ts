import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  clientSources,
  generatedFiles,
  packageDir,
  publicApiDocument,
  type OpenAPI3,
} from '@cutout/client/generate';
import { expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

// packages/client's committed document and types are what the routes make now: change a route's
// fields, answers or errors without `npm run generate -w @cutout/client` and this fails.

it("packages/client's openapi.json and src/schema.ts are generated from the current routes", async () => {
  const t = await createTestApp();
  const full = (await t.app.inject({ url: '/api/docs/json' })).json<OpenAPI3>();
  await t.close();
  const fresh = await clientSources(publicApiDocument(full));
  expect(Object.keys(fresh).sort()).toEqual(Object.values(generatedFiles).sort());
  for (const [file, text] of Object.entries(fresh)) {
    const committed = await readFile(path.join(packageDir, file), 'utf8');
    expect(committed, `${file} is stale: run npm run generate -w @cutout/client`).toBe(text);
  }
  const document = JSON.parse(fresh[generatedFiles.document]!) as { paths: object };
  expect(Object.keys(document.paths)).toEqual([
    '/api/v1/account',
    '/api/v1/jobs',
    '/api/v1/jobs/{id}',
    '/api/v1/remove-background',
    '/api/v1/user/usage',
    '/v1.0/account',
    '/v1.0/removebg',
  ]);
});
