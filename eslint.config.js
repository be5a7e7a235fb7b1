import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import parley, { LAYERS } from './eslint-rules/layers.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'bench/results/', 'coverage/'] },
  js.configs.recommended,
  { files: ['**/*.js'], languageOptions: { globals: globals.node } },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Imports point down the layers of docs/architecture.md.
  {
    files: ['src/**/*.ts'],
    // Tests and the contract suites (test support beside the ports) may reach into any layer.
    ignores: ['src/**/*.test.ts', 'src/**/*.contract.ts', 'src/storage/contracts/**'],
    plugins: { parley },
    rules: {
      'parley/layers': ['error', LAYERS],
      'parley/platform-kernel': 'error',
      'parley/store-ports': 'error',
    },
  },
);
