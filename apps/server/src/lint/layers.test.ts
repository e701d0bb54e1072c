import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// One instance: the type-aware rules build the server's TypeScript program once (slow: the
// first lint of a file takes tens of seconds on a busy machine, hence the long timeouts).
const eslint = new ESLint({ cwd: root });
const slow = { timeout: 240_000 };

/** The rules that hold the layers (eslint.config.js); other findings are not these tests' business. */
const layerRules = new Set([
  'no-restricted-imports',
  'no-restricted-syntax',
  '@typescript-eslint/no-restricted-imports',
]);

/** Lints `code` as if it were the file at `file`, with the repository's own ESLint config. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId !== null && layerRules.has(m.ruleId));
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

  it('refuse a route that uses the database handle', slow, async () => {
    const messages = await lint(
      'apps/server/src/modules/users/users.routes.ts',
      [
        "import type { Db } from '../../db/database.js';",
        'export const f = (db: Db, deps: { db: Db }) => [',
        "  db.selectFrom('users').selectAll().execute(),",
        '  deps.db.transaction(),',
        '];',
      ].join('\n'),
    );
    expect(messages.map((m) => [m.line, m.message])).toEqual([
      [3, 'A route never uses the database handle; call a service.'],
      [4, 'A route never uses the database handle; call a service.'],
    ]);
  });

  it('refuse Kysely values outside repositories, and allow its types', slow, async () => {
    const messages = await lint(
      'apps/server/src/modules/jobs/jobs.service.ts',
      "import { sql, type Selectable } from 'kysely';\nexport const f = sql;\nexport type R = Selectable<object>;\n",
    );
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('Only repositories import Kysely; SQL stays behind a service.'),
    ]);
    expect(
      await lint(
        'apps/server/src/modules/jobs/jobs.types.ts',
        "import type { Selectable } from 'kysely';\nexport type R = Selectable<object>;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'apps/server/src/modules/jobs/jobs.repository.ts',
        "import { sql } from 'kysely';\nexport const f = sql;\n",
      ),
    ).toEqual([]);
  });

  it('let a route import a service, and a service import a repository', slow, async () => {
    expect(
      await lint(
        'apps/server/src/modules/jobs/jobs.routes.ts',
        "import { creditBalance } from '../credits/credits.service.js';\nexport const f = creditBalance;\n",
      ),
    ).toEqual([]);
    // Handing the handle to a service is how a service gets its database.
    expect(
      await lint(
        'apps/server/src/modules/jobs/jobs.routes.ts',
        "import type { Db } from '../../db/database.js';\nimport { creditBalance } from '../credits/credits.service.js';\nexport const f = (db: Db) => creditBalance(db, 'u');\n",
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
