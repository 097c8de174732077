import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Version 7's react-router-dom only re-exports react-router, which the app depends on alone.
const reactRouterOnly = { name: 'react-router-dom', message: "Import from 'react-router'." };

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      'node_modules/**',
      'server/db/migrations/**',
      'bench/.tmp/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      // An import whose every name is a type is erased; esbuild then lists it in the server
      // build's metafile as an external path, which tests/package/production-dependencies reads.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src(/|$)',
              message: 'The server never imports the app: share through contract/.',
            },
            {
              regex: '^(\\.\\./)+contract/definitions/without-schemas$',
              message: 'The server validates with the registry (contract/definitions), schemas included.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+server(/|$)',
              message: 'The app never imports the server: share through contract/.',
            },
          ],
          paths: [reactRouterOnly],
        },
      ],
    },
  },
  {
    files: ['tests/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [reactRouterOnly] }] },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|server)(/|$)',
              message: 'contract/ imports neither the app nor the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/browser.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='hover']",
          // Playwright sends no mouse event when the pointer already rests on the target, so
          // Chromium opens no tooltip: a hover in ./browser first moves to the page's corner.
          message: 'Hover through a helper in ./browser that first moves the pointer outside its target.',
        },
      ],
    },
  },
);
