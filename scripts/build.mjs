// npm run build: the pages (vite build into dist/client and dist/server) and the server itself, bundled by
// esbuild into dist/node/main.mjs so production runs on plain Node without a TypeScript loader.
import { spawnSync } from 'node:child_process'
import { build } from 'esbuild'

const vite = spawnSync('npx', ['vite', 'build', ...process.argv.slice(2)], { stdio: 'inherit' })
if (vite.status !== 0) process.exit(vite.status ?? 1)

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/node/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
console.log('built dist/node/main.mjs')
