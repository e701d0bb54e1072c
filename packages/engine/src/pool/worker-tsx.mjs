// Worker threads do not inherit the TypeScript loader of vitest or tsx, so when the engine runs
// from its sources the pool starts this plain module, which registers tsx in the thread and
// then loads the real worker. The built package (dist/) starts worker.js directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const worker = await import(workerData.workerUrl);
export default worker.default;
