import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { serverBoundaries } from './apps/server/eslint-boundaries.js';
import { webBoundaries } from './apps/web/eslint-boundaries.js';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      '.bench/**',
      '**/*.tmp.*',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  webBoundaries(boundaries),
  serverBoundaries(boundaries),
  {
    // One CSV writer (decision 0051): every CSV is written by apps/server/src/lib/csv.ts, which neutralises cells.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['apps/server/src/lib/csv.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['csv-stringify', 'csv-stringify/*'],
              message: 'Write CSV through apps/server/src/lib/csv.ts (decision 0051).',
            },
          ],
        },
      ],
    },
  },
);
