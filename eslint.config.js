import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

const STYLED_IMPORT = { name: '@emotion/styled', message: "import styled from src/ui/styled: it serializes styles once per theme (decision 015)" }

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'artifacts/', 'src/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly' } },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: { self: 'readonly' } },
  },
  {
    // Styles serialized once per theme (docs/decisions/015-render-cost.md).
    files: ['src/**', 'renderer/**', 'pages/**', 'themes/**'],
    ignores: ['src/ui/styled.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [STYLED_IMPORT] }] },
  },
  {
    // A feature never imports another feature's internals (docs/architecture.md).
    files: ['src/ui/**', 'src/shared/**'],
    ignores: ['src/ui/styled.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [STYLED_IMPORT], patterns: [{ group: ['**/features/**'], message: 'src/ui and src/shared must not depend on features' }] }] },
  },
)
