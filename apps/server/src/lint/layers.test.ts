import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// One instance: the type-aware rules build the server's TypeScript program once (slow: the
// first lint of a file takes tens of seconds on a busy machine, hence the long timeouts).
const eslint = new ESLint({ cwd: root });
const slow = { timeout: 240_000 };

/** Lints `code` as if it were the file at `file`, with the repository's own ESLint config. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports');
}

describe('layer rules', () => {
  it('refuse a route that imports a repository', slow, async () => {
    const messages = await lint(
      'apps/server/src/modules/jobs/jobs.routes.ts',
      "import { findBalance } from '../credits/credits.repository.js';\nexport const f = findBalance;\n",
    );
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('A route calls a service; only services import repositories.'),
    ]);
  });

  it('let a route import a service, and a service import a repository', slow, async () => {
    expect(
      await lint(
        'apps/server/src/modules/jobs/jobs.routes.ts',
        "import { creditBalance } from '../credits/credits.service.js';\nexport const f = creditBalance;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'apps/server/src/modules/credits/credits.service.ts',
        "import { findBalance } from './credits.repository.js';\nexport const f = findBalance;\n",
      ),
    ).toEqual([]);
  });
});
