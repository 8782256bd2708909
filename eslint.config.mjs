// Lint gate (part of `npm test`): typescript-eslint's type-checked recommended rules over src, test, bench and the dashboard (web/, its own tsconfig).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import typeErrors from './scripts/eslint-type-errors.mjs';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'coverage/',
      'node_modules/',
      'test/graphql/generated.ts',
      'web/src/graphql/generated.ts',
      // Type errors on purpose, for test/lint/type-errors-rule.test.ts.
      'test/lint/fixture/',
      '**/web/dist/',
      '**/web/build/',
      '**/clients/**/dist/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { local: typeErrors },
    rules: {
      // The type check runs inside the lint, off the program the type-aware rules build (scripts/eslint-type-errors.mjs).
      'local/type-errors': 'error',
      // Async functions that implement a promise-returning interface (migrations, Apollo plugins, worker start, stop steps, test case tables) need no await.
      '@typescript-eslint/require-await': 'off',
      // `_name` marks a parameter a signature requires (Express error handlers, type-graphql subscription args); rest siblings drop a field on purpose.
      // Passing on a caught `unknown` (a promise wrapper rejecting with what it caught) must not invent an Error type.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The few CommonJS files (Jest config and reporter, the worker-thread loader) are plain Node scripts.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', process: 'readonly', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
