import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The rules that hold the layers (eslint.config.js); other findings are not these tests' business. */
const layerRules = new Set([
  'no-restricted-imports',
  'no-restricted-syntax',
  '@typescript-eslint/no-restricted-imports',
]);

// The repository's own config, with only the layer rules run and without type information:
// none of them needs it, and building the server's and the web's TypeScript programs took a
// minute of this file's time (npm run lint runs every rule with types).
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => layerRules.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});
const slow = { timeout: 60_000 };

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

describe('web layer rules', () => {
  const upward = 'Imports go shared (lib/, components/) → features/ → app/';
  const internals =
    "Import another feature through its index.ts ('../../<feature>'), not its internals.";

  it('refuse shared code that imports a feature or the app', slow, async () => {
    const messages = await lint(
      'apps/web/src/lib/auth/session.ts',
      [
        "import { useMe } from '../../features/users';",
        "import { AppProvider } from '../../app/provider';",
        'export const f = [useMe, AppProvider];',
      ].join('\n'),
    );
    expect(messages.map((m) => [m.line, m.message])).toEqual([
      [1, expect.stringContaining(upward)],
      [2, expect.stringContaining(upward)],
    ]);
    expect(
      await lint(
        'apps/web/src/components/page-heading.tsx',
        "import { useMe } from '../features/users';\nexport const f = useMe;\n",
      ),
    ).toEqual([expect.objectContaining({ message: expect.stringContaining(upward) })]);
  });

  it("refuse a feature that imports the app or another feature's internals", slow, async () => {
    const messages = await lint(
      'apps/web/src/features/editor/components/editor.tsx',
      [
        "import { meQueryOptions } from '../../users/api/me';",
        "import { AppProvider } from '../../../app/provider';",
        'export const f = [meQueryOptions, AppProvider];',
      ].join('\n'),
    );
    expect(messages.map((m) => [m.line, m.message])).toEqual([
      [1, expect.stringContaining(internals)],
      [2, expect.stringContaining(upward)],
    ]);
    // From a feature's top folder the other feature is one `../` away.
    expect(
      await lint(
        'apps/web/src/features/accounts/use-signed-in.ts',
        "import { formatDay } from '../payments/billing-format';\nexport const f = formatDay;\n",
      ),
    ).toEqual([expect.objectContaining({ message: expect.stringContaining(internals) })]);
  });

  it("let a feature use shared code, its own files and another feature's entry", slow, async () => {
    expect(
      await lint(
        'apps/web/src/features/editor/components/editor.tsx',
        [
          "import { meQueryOptions } from '../../users';",
          "import { cn } from '../../../lib/cn';",
          "import { Button } from '../../../components/ui/button';",
          "import { workspaceTexts } from '../texts';",
          'export const f = [meQueryOptions, cn, Button, workspaceTexts];',
        ].join('\n'),
      ),
    ).toEqual([]);
    // The app assembles features, and a test may assemble what it tests with what uses it.
    expect(
      await lint(
        'apps/web/src/app/routes/admin-database.tsx',
        "import { DatabaseManagement } from '../../features/database-connections/components/database-management';\nexport const f = DatabaseManagement;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'apps/web/src/lib/theme.test.tsx',
        "import { ThemeMenu } from '../features/navigation/components/theme-menu';\nexport const f = ThemeMenu;\n",
      ),
    ).toEqual([]);
  });
});

describe('app.ts lists modules (decision 0226)', () => {
  const appFile = 'apps/server/src/app.ts';

  it("refuses app.ts importing a module's routes or service", slow, async () => {
    const messages = await lint(
      appFile,
      "import { usersRoutes } from './modules/users/users.routes.js';\n" +
        "import { Compositor } from './modules/compose/compose.service.js';\n" +
        'export const f = [usersRoutes, Compositor];\n',
    );
    expect(messages.map((m) => m.message)).toEqual([
      expect.stringContaining('app.ts lists modules'),
      expect.stringContaining('app.ts lists modules'),
    ]);
  });

  it('passes app.ts as it is, importing only *.module.ts from modules/', slow, async () => {
    const source = readFileSync(path.join(root, appFile), 'utf8');
    expect(await lint(appFile, source)).toEqual([]);
  });

  it('has a module file, listed in app.ts, for every module that registers routes', () => {
    const modules = path.join(root, 'apps/server/src/modules');
    const source = readFileSync(path.join(root, appFile), 'utf8');
    const withRoutes = readdirSync(modules).filter((area) =>
      readdirSync(path.join(modules, area)).some((file) => file.endsWith('.routes.ts')),
    );
    expect(withRoutes.length).toBeGreaterThan(10);
    for (const area of withRoutes) {
      expect(existsSync(path.join(modules, area, `${area}.module.ts`)), area).toBe(true);
      expect(source, area).toContain(`'./modules/${area}/${area}.module.js'`);
    }
  });
});
