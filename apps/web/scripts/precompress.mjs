// After `react-router build`: writes a Brotli (.br) and a gzip (.gz) copy beside each static
// text file the server sends as it is (the hashed scripts and stylesheets, icons), compressed
// once at the highest level, so the server sends the file instead of compressing it again for
// every visitor (decision 0254). The pages themselves are not included: the server fills and
// compresses them at start (apps/server/src/plugins/web-app.ts).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../build/client');
const compressible = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
// Below this a compressed copy saves less than its headers cost; @fastify/compress uses the same
// threshold for what it compresses on the fly.
const minBytes = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
const jobs = [];
for await (const path of files(root)) {
  if ((await stat(path)).size < minBytes) continue;
  jobs.push(
    (async () => {
      const body = await readFile(path);
      const [b, g] = await Promise.all([
        br(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: 9 }),
      ]);
      // A copy no smaller than the file is not worth sending.
      if (b.length < body.length) await writeFile(`${path}.br`, b);
      if (g.length < body.length) await writeFile(`${path}.gz`, g);
      count++;
      raw += body.length;
      brotli += b.length;
    })(),
  );
}
await Promise.all(jobs);
console.log(
  `precompress: ${count} files, ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`,
);
