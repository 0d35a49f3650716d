import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import path from 'node:path'
import type { Plugin, UserConfig } from 'vite'

/** In the browser bundle 'zod' is src/shared/zod-browser.ts: zod without compiled parsers, so the CSP holds. */
function zodWithoutEval(): Plugin {
  const browserZod = path.resolve('src/shared/zod-browser.ts')
  return {
    name: 'zod-without-eval',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'zod' || options?.ssr || importer === browserZod) return null
      return browserZod
    },
  }
}

export default {
  plugins: [zodWithoutEval(), react({ jsxImportSource: '@emotion/react' }), vike()],
  build: { target: 'es2022' },
  // In development every tenant domain reaches the dev middleware through the Host header.
  server: { allowedHosts: true },
  // Server-only packages never go into the browser bundle; on the server they stay external.
  ssr: { external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg', 'maxmind'] },
} satisfies UserConfig
