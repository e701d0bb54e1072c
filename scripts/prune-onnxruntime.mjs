// Runs after `npm install` / `npm ci` (root "postinstall"). onnxruntime-node ships its native
// library for six platform/architecture pairs in one npm package (288 MB); this machine loads
// exactly one of them (`bin/napi-v6/${process.platform}/${process.arch}`, see the package's
// dist/binding.js). The others are deleted here: about 240 MB of a 1 GB install. A
// node_modules copied to another platform has to be reinstalled there, as it would for any
// native module (better-sqlite3, sharp). docs/decisions/0065-lean-install.md.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(join(process.cwd(), 'packages/engine/package.json'));

function du(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + du(join(path, name)), 0);
}

let root;
try {
  root = dirname(require.resolve('onnxruntime-node/package.json'));
} catch {
  process.exit(0); // not installed (e.g. `npm ci --omit` of the engine): nothing to prune
}
const bin = join(root, 'bin');
if (!existsSync(bin)) process.exit(0);

let freed = 0;
for (const napi of readdirSync(bin)) {
  const napiDir = join(bin, napi);
  // Prune only when this machine's own binary is there, so a layout change in a future
  // onnxruntime-node leaves the package untouched instead of broken.
  if (!existsSync(join(napiDir, process.platform, process.arch))) continue;
  for (const platform of readdirSync(napiDir)) {
    const platformDir = join(napiDir, platform);
    for (const arch of readdirSync(platformDir)) {
      if (platform === process.platform && arch === process.arch) continue;
      const dir = join(platformDir, arch);
      freed += du(dir);
      rmSync(dir, { recursive: true, force: true });
    }
    if (readdirSync(platformDir).length === 0) rmSync(platformDir, { recursive: true });
  }
}
if (freed > 0) {
  console.log(
    `onnxruntime-node: removed the native libraries of other platforms (${Math.round(freed / 1e6)} MB); kept ${process.platform}/${process.arch}.`,
  );
}
