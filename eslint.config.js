// ESLint for the whole repo (docs/decisions/006-tooling.md). `npm run lint` runs it with
// --max-warnings 0, then the import-boundary check (scripts/check-boundaries.mjs).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const sourceFiles = ['**/*.{ts,tsx,mts,js,mjs}'];
// The type-aware rules run on the server code only (see below).
const typedFiles = ['apps/api/src/**/*.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/api/drizzle/**', 'playwright-report/**', 'test-results/**', '**/*.d.ts'] },

  { files: sourceFiles, extends: [js.configs.recommended, ...tseslint.configs.recommended] },
  { files: sourceFiles, languageOptions: { globals: { ...globals.node } } },
  {
    files: sourceFiles,
    rules: {
      // `_name` marks a value left out on purpose (`const { secret: _s, ...rest } = row`)
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },

  // Type-aware where cheap: one program (apps/api's tsconfig, through the project service) and only the
  // promise rules, the ones that catch real bugs in server code (a forgotten await inside a transaction, an
  // async listener whose rejection nobody sees). Typing the web app and shared too tripled the CPU time of
  // the whole lint (docs/decisions/006-tooling.md) for findings tsc and the tests already cover.
  {
    files: typedFiles,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },

  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },

  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // `req.body as X` claims a type nobody checked; the route's zod schema already parsed it
          selector: "TSAsExpression[expression.type='MemberExpression'][expression.property.name=/^(body|params|query)$/]",
          message: 'Do not cast a request body, params or query: type the route with the zod type provider instead (app.withTypeProvider<ZodTypeProvider>() and a schema).',
        },
      ],
    },
  },

  {
    // the API test files of a worker share one module graph (apps/api/vitest.config.ts: isolate false)
    files: ['apps/api/test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'API test files share their modules (isolate: false): a vi.mock would replace a module for the files after this one. Test through the real module.',
        },
      ],
    },
  },
);
