import { createEnginePool } from '../src/index.js';
import { makeScene, encodeScene } from './synthetic.js';
const pool = createEnginePool({ model: 'u2netp', maxQueue: 1 });
const jpg = await encodeScene(await makeScene({ width: 400, height: 300 }));
const r = await pool.run(jpg, {}, { onProgress: (s, f) => console.log('progress', s, f) });
console.log(Object.keys(r.outputs), r.timings.totalMs);
try {
  await pool.run(Buffer.from('nope'));
} catch (e) {
  console.log('err', (e as Error).name, (e as { code: string }).code, (e as Error).message);
}
console.log(pool.stats());
await pool.close();
