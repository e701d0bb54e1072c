// One flat config for the whole monorepo: typescript-eslint's recommended type-aware rules (each
// file is checked with the types of its own workspace's tsconfig, through the project service),
// React hooks rules for the web app, and Node globals for the server, engine and scripts.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The web app's feature folders (apps/web/src/features/<area>), for the layer rules below.
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Web layers (STYLE.md 5, issue 27 point 6): shared (lib/, components/) → features/<area>/ →
// app/. Import specifiers are relative, so each pattern climbs any number of `../` to a folder
// of src/ (none of these names is a folder inside lib/, components/ or a feature).
const webUpward = (layers) => ({
  regex: String.raw`^(\.\./)+(${layers.join('|')})(/|$)`,
  message: `Imports go shared (lib/, components/) → features/ → app/; not up to ${layers.join(' or ')}/.`,
});
// A feature reaches another only through its public entry, `features/<name>/index.ts`
// (`../../users`); its api/, components/ and files are its own.
const otherFeatureInternals = {
  regex: String.raw`^(\.\./)+(${webFeatures.join('|')})/(?!index$).+`,
  message: "Import another feature through its index.ts ('../../<feature>'), not its internals.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      'bench/out/**',
      'e2e/.artifacts/**',
      'test-results/**',
      'tools/no-canvas/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          // Configs outside their workspace's tsconfig `include`, checked with default options.
          allowDefaultProject: [
            'vitest.config.ts',
            'vitest.shared.ts',
            'apps/server/vitest.config.ts',
            'apps/server/vitest.fuzz.config.ts',
            'apps/server/vitest.scale-out.config.ts',
            'packages/*/vitest.config.ts',
            'scripts/*.d.mts',
          ],
          // Nine such files today (the default allows eight); each is small.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Off: an async function without `await` is how this code meets promise-returning
      // contracts — Fastify plugins are `async (app) => { … }`, and Kysely's migration provider,
      // better-auth's hooks and the tests' fakes are typed to return promises.
      '@typescript-eslint/require-await': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read answers typed `any` on purpose (`app.inject`'s `res.json()`, `JSON.parse`) and
    // check their shape with `expect`, which is the test; typing each read would repeat the
    // contract beside the assertion. Source files keep these rules.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (configs, build scripts) is in no tsconfig, nor are the engine's tests
    // (its tsconfig includes only src/): they get the untyped rules.
    files: ['**/*.{js,mjs,cjs}', 'packages/engine/test/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CLIs, scripts and benchmarks talk to a person on stdout.
    files: [
      'scripts/**',
      'apps/web/scripts/**',
      'bench/**',
      'packages/engine/src/cli/**',
      'packages/engine/src/cli.ts',
      '.ci/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Layers (docs/ARCHITECTURE.md, issue 27 point 6): route → service → repository. A route
    // never reaches a repository; the SQL stays behind the service that owns the rules.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`\.repository(\.js)?$`,
              message: 'A route calls a service; only services import repositories.',
            },
          ],
        },
      ],
      // Nor does it query: a route may hand the database handle to a service (services take
      // `(db, …)` so they can compose repositories in one transaction), never use it itself.
      'no-restricted-syntax': [
        'error',
        {
          selector: String.raw`MemberExpression[object.name=/^(db|trx)$/], MemberExpression[object.property.name=/^(db|trx)$/]`,
          message: 'A route never uses the database handle; call a service.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webUpward(['features', 'app'])] }],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [webUpward(['app']), otherFeatureInternals] }],
    },
  },
  {
    // A test stands above what it tests and may assemble it with the layers that use it (a lib
    // hook inside the feature that calls it, a feature inside its route); features still meet
    // only through their entries.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherFeatureInternals] }],
    },
  },
  {
    // The server's test files share one module graph per Vitest worker (isolate: false in
    // apps/server/vitest.config.ts, decision 0180): a module mock or a stubbed global would leak
    // into the files that run after it. Tests build real apps instead.
    files: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: String.raw`CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|stubEnv|stubGlobal|resetModules)$/]`,
          message:
            'Server test files share their modules (isolate: false): no module mocks or stubbed globals.',
        },
      ],
    },
  },
  {
    // Only repositories (and db/: the instance, schema, migrations) import Kysely's values — the
    // query builder and `sql`. A type (`Selectable<JobTable>`) runs no SQL and stays allowed.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
      // A Kysely plugin on better-auth's instance that hashes session tokens in its queries.
      'apps/server/src/modules/accounts/session-token-hash.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'Only repositories import Kysely; SQL stays behind a service.',
            },
          ],
        },
      ],
    },
  },
  {
    // A thin hub (issue 27 point 4, decision 0226): app.ts builds the shared infrastructure and
    // lists the modules; what a module wires (services, routes, hooks) is in its
    // <area>.module.ts, so a change to one module does not edit app.ts.
    files: ['apps/server/src/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\./modules/(?!.*\.module\.js$)`,
              message:
                'app.ts lists modules: import the registration from modules/<area>/<area>.module.ts.',
            },
          ],
        },
      ],
    },
  },
);
