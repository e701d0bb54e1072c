import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OpenAPI3 } from 'openapi-typescript';
import { clientSources, packageDir, publicApiDocument } from '../src/generate.js';

// npm run generate -w @cutout/client: the OpenAPI document and the client's types, from the
// server's routes as they are now. The real app is built on a temporary SQLite file (nothing
// listens) and asked for its document. Imported at run time only: the server's sources are
// type-checked in their own workspace, not in this one.

interface DocumentSource {
  createTestApp: () => Promise<{
    app: { inject(request: { url: string }): Promise<{ statusCode: number; json(): unknown }> };
    close(): Promise<void>;
  }>;
}

const serverTestApp = '../../../apps/server/src/test/test-app.js';
const { createTestApp } = (await import(serverTestApp)) as DocumentSource;
const t = await createTestApp();
let full: OpenAPI3;
try {
  const res = await t.app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  full = res.json() as OpenAPI3;
} finally {
  await t.close();
}
const sources = await clientSources(publicApiDocument(full));
for (const [file, text] of Object.entries(sources)) {
  await writeFile(path.join(packageDir, file), text);
  console.warn(`wrote packages/client/${file}`);
}
