// Runs after `npm install` / `npm ci` (root "postinstall"): removes parts of installed packages
// that nothing here can load (docs/decisions/0065-lean-install.md).
//
// 1. onnxruntime-node ships its native
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

function pruneOnnxruntime() {
  let root;
  try {
    root = dirname(require.resolve('onnxruntime-node/package.json'));
  } catch {
    return; // not installed (e.g. `npm ci --omit` of the engine): nothing to prune
  }
  const bin = join(root, 'bin');
  if (!existsSync(bin)) return;

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
}

// 2. node-sql-parser (the database console's MySQL/MariaDB and SQL Server parser, decision 0266)
// ships a build of every dialect, browser bundles and source maps: 90 MB, of which the console
// loads two files. The rest goes; its own entry point (index.js) stays, so the package still
// loads whole if anything ever imports it that way.
const sqlParserKeeps = new Set([
  'mariadb.js',
  'mariadb.d.ts',
  'transactsql.js',
  'transactsql.d.ts',
]);
function pruneSqlParser() {
  let root;
  try {
    root = dirname(
      createRequire(join(process.cwd(), 'apps/server/package.json')).resolve(
        'node-sql-parser/package.json',
      ),
    );
  } catch {
    return;
  }
  const build = join(root, 'build');
  // As for onnxruntime: only when the files the console loads are where it expects them.
  if (![...sqlParserKeeps].every((name) => existsSync(join(build, name)))) return;
  let freed = 0;
  const drop = (path) => {
    if (!existsSync(path)) return;
    freed += du(path);
    rmSync(path, { recursive: true, force: true });
  };
  for (const name of readdirSync(build)) if (!sqlParserKeeps.has(name)) drop(join(build, name));
  drop(join(root, 'umd'));
  drop(join(root, 'index.js.map'));
  if (freed > 0) {
    console.log(
      `node-sql-parser: removed the dialects, bundles and source maps the console does not load (${Math.round(freed / 1e6)} MB).`,
    );
  }
}

pruneOnnxruntime();
pruneSqlParser();
