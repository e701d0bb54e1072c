import { existsSync, readFileSync, readdirSync } from 'node:fs';
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
