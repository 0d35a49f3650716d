import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import type { UserConfig } from 'vite'

export default {
  plugins: [react({ jsxImportSource: '@emotion/react' }), vike()],
  build: { target: 'es2022' },
  // In development every tenant domain reaches the dev middleware through the Host header.
  server: { allowedHosts: true },
  // Server-only packages never go into the browser bundle; on the server they stay external.
  ssr: { external: ['@electric-sql/pglite', 'sharp', '@node-rs/argon2', 'pg', 'maxmind'] },
} satisfies UserConfig
