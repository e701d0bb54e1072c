// One flat config for the whole monorepo: typescript-eslint's recommended type-aware rules,
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
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
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
);
