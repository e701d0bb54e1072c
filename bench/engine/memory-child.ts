import { createEnginePool } from '@cutout/engine';
import { readFile } from 'node:fs/promises';

// RSS of a process doing what the server will do: one pool (default sizing), images one after
// another. Run alone, with inputs prepared by the parent, so that nothing else — in particular
// drawing the test scenes — counts towards the peak.
const [countArg, ...files] = process.argv.slice(2);
const count = Number(countArg);
const inputs = await Promise.all(files.map((file) => readFile(file)));
const pool = createEnginePool();
const baseline = process.memoryUsage().rss;
const rss: number[] = [];
for (let i = 0; i < count; i++) {
  await pool.run(inputs[i % inputs.length]!);
  rss.push(process.memoryUsage().rss);
}
await pool.close();
// maxRSS is in kilobytes and covers every thread of the process, including the worker.
console.log(JSON.stringify({ baseline, rss, maxRss: process.resourceUsage().maxRSS * 1024 }));
