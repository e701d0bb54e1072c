import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  clientSources,
  generatedFiles,
  packageDir,
  publicApiDocument,
  type OpenAPI3,
} from '../../../../../packages/client/scripts/generation.js';
import { expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

// packages/client's committed document and types are what the routes make now: change a route's
// fields, answers or errors without `npm run generate -w @cutout/client` and this fails. That
// command runs this test with CUTOUT_WRITE_CLIENT=1, which writes the fresh files instead (the
// generator needs the real app, which only a test run builds here).
const writing = process.env.CUTOUT_WRITE_CLIENT === '1';

it("packages/client's openapi.json and src/schema.ts are generated from the current routes", async () => {
  const t = await createTestApp();
  const full = (await t.app.inject({ url: '/api/docs/json' })).json<OpenAPI3>();
  await t.close();
  const fresh = await clientSources(publicApiDocument(full));
  expect(Object.keys(fresh).sort()).toEqual(Object.values(generatedFiles).sort());
  for (const [file, text] of Object.entries(fresh)) {
    if (writing) await writeFile(path.join(packageDir, file), text);
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
