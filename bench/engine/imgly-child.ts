import { removeBackground } from '@imgly/background-removal-node';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

// @imgly/background-removal-node's own pipeline in a separate process: it brings its own
// onnxruntime-node (1.17), which must not share a process with ours. It reads one image path
// per line on stdin and answers with the milliseconds it took, so the parent can alternate it
// with Cutout's runs. Benchmark only: the product never imports this AGPL package's code.
const publicPath = `${pathToFileURL(dirname(createRequire(import.meta.url).resolve('@imgly/background-removal-node'))).href}/`;

for await (const line of createInterface({ input: process.stdin })) {
  const data = await readFile(line.trim());
  const t0 = performance.now();
  await removeBackground(new Blob([data], { type: 'image/jpeg' }), {
    publicPath,
    model: 'medium',
    output: { format: 'image/png' },
  });
  console.log(JSON.stringify({ ms: performance.now() - t0 }));
}
