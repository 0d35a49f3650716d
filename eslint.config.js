import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { readdirSync } from 'node:fs'

const STYLED_IMPORT = { name: '@emotion/styled', message: "import styled from src/ui/styled: it serializes styles once per theme (decision 015)" }
/** A store's snapshot costs a copy and a tracking proxy per render, needless on the server (src/shared/store.ts). */
const SNAPSHOT_IMPORT = { name: 'valtio', importNames: ['useSnapshot'], message: 'read a store with useStoreSnapshot from src/shared/store: the store itself on the server (decision 042, seventh addendum)' }
const GET_PAGE_CONTEXT_IMPORT = { name: 'vike/getPageContext', message: 'read the pageContext a hook or component is given (usePageContext): vike runs without its AsyncLocalStorage here (scripts/patch-dependencies.mjs)' }
/** http() is the typed client's transport (src/shared/api-client.ts); calls go through callEndpoint/useEndpoint. */
const RAW_HTTP = { regex: '(^|/)shared/http$', importNames: ['http'], message: 'call the endpoint through src/shared/api-client (callEndpoint, useEndpoint): http() is its transport (decision 036)' }

// Feature boundaries (bulletproof-react style, docs/decisions/036-feature-boundaries.md): a feature imports another
// feature only through its public entries (index.ts for pages, index.server.ts for the server, index.member.ts for
// the member-only page chrome, endpoints.ts for the contracts and endpoint-refs.ts for their light references), and never from src/server (types excepted: the core's interfaces a feature is handed, `Core` among them; the values
// come as the registration argument of its routes, src/server/core.server.ts). One block per
// feature and folder depth, because the rule matches the import as written.
const FEATURES = readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
function featureBoundaries() {
  const blocks = []
  for (const feature of FEATURES) {
    for (let depth = 0; depth <= 2; depth++) {
      const up = '\\.\\./'.repeat(depth + 1)
      const files = [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`]
      const crossFeature = {
        regex: `^${up}(?!${feature}/)[a-z0-9-]+/(?!(index|index\\.server|index\\.member|endpoints|endpoint-refs)$)`,
        message: `import another feature through its public entries: index.ts, index.server.ts, index.member.ts, endpoints.ts or endpoint-refs.ts (decision 036)`,
      }
      const server = { regex: `^${up}\\.\\./server/`, message: 'a feature never imports src/server: the core registers features and hands them what they need (decision 036)' }
      const rule = (patterns) => ['error', { paths: [STYLED_IMPORT, SNAPSHOT_IMPORT, GET_PAGE_CONTEXT_IMPORT], patterns }]
      blocks.push({
        files,
        rules: { 'no-restricted-imports': 'off', '@typescript-eslint/no-restricted-imports': rule([RAW_HTTP, crossFeature, { ...server, allowTypeImports: true }]) },
      })
    }
  }
  return blocks.filter((b) => b.files.length > 0)
}

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
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', Blob: 'readonly' } },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: { self: 'readonly', clearTimeout: 'readonly' } },
  },
  {
    // Styles serialized once per theme (docs/decisions/015-render-cost.md).
    files: ['src/**', 'renderer/**', 'pages/**', 'themes/**'],
    ignores: ['src/ui/styled.ts', 'src/shared/api-client.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [STYLED_IMPORT, SNAPSHOT_IMPORT, GET_PAGE_CONTEXT_IMPORT], patterns: [RAW_HTTP] }] },
  },
  {
    // A feature never imports another feature's internals (docs/architecture.md).
    files: ['src/ui/**', 'src/shared/**'],
    ignores: ['src/ui/styled.ts', 'src/shared/api-client.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [STYLED_IMPORT, SNAPSHOT_IMPORT, GET_PAGE_CONTEXT_IMPORT], patterns: [RAW_HTTP, { group: ['**/features/**'], message: 'src/ui and src/shared must not depend on features' }] }] },
  },
  {
    // One HTTP client in the browser (issue 14, SPEC.md section 7): src/shared/http.ts, with its retries and the 403
    // authentication_required rule. Server code (*.server.ts) calls other services with fetch as it needs.
    files: ['src/**', 'renderer/**', 'pages/**'],
    ignores: ['**/*.server.ts', 'src/shared/http.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'call the endpoint through src/shared/api-client (or getStaticJson of src/shared/http): one HTTP client with its retries and 403 rule' },
        { name: 'XMLHttpRequest', message: 'use src/shared/http.ts, the one HTTP client' },
      ],
    },
  },
  {
    // A form sent before (or without) JavaScript must never go by GET: its fields (a password, an e-mail address)
    // would end up in the address, the history and server logs. Every <form> says method="post"; the server answers
    // a page's POST with 303 to the same address (decision 041, addendum 3).
    files: ['src/**/*.tsx', 'renderer/**/*.tsx', 'pages/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name="form"]:not(:has(JSXAttribute[name.name="method"][value.value="post"]))',
          message: 'give every <form> method="post": before hydration (or without JavaScript) a form without it submits by GET, with its fields in the address (decision 041, addendum 3)',
        },
      ],
    },
  },
  ...featureBoundaries(),
)
