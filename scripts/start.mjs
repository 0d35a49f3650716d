// npm start: builds the site when the build is missing or older than the sources, then serves it.
import fs from 'node:fs'
import path from 'node:path'
import { spawn, spawnSync } from 'node:child_process'
import { checkNodeVersion } from './check-node.mjs'

// First of all: a Node.js too old for the site stops here with what to do, not with a syntax error later.
const node = checkNodeVersion()
if (node.warning) console.warn(`[start] ${node.warning}`)
if (node.error) {
  console.error(`[start] ${node.error}`)
  process.exit(1)
}

const SOURCES = ['pages', 'renderer', 'src', 'themes', 'locales', 'public', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs']
const MARKER = 'dist/node/main.mjs'

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  return Math.max(0, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))))
}

const built = fs.existsSync(MARKER) ? fs.statSync(MARKER).mtimeMs : 0
if (!built || SOURCES.some((s) => newestMtime(s) > built)) {
  console.log('[start] building the site (the first build takes a minute or two)…')
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

// A larger young generation: SSR allocates many short-lived objects (about +20% throughput, see bench/ssr).
const child = spawn(process.execPath, ['--enable-source-maps', '--max-semi-space-size=32', MARKER], { stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' } })
// Stopping `npm start` (SIGTERM or SIGINT to npm or to this script) stops the server: the signal is passed on and
// this process exits with the server.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig))
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
// package.json starts this script with `exec`, so npm's signal reaches it; should a shell in between die without
// passing it on, this script is orphaned (its parent changes) and stops the server all the same.
const parent = process.ppid
globalThis.setInterval(() => {
  if (process.ppid !== parent) child.kill('SIGTERM')
}, 1000).unref()
