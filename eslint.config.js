// One flat config for the whole monorepo: typescript-eslint's recommended type-aware rules (each
// file is checked with the types of its own workspace's tsconfig, through the project service),
// React hooks rules for the web app, and Node globals for the server, engine and scripts.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
