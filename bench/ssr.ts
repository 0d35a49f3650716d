// bench/ssr: the landing page and /api/settings.php under autocannon (10 connections, 10 s), against a bare
// renderToString of the same page and the same server answering a prebuilt HTML string; plus the landing
// page's JavaScript size. Targets (issue 2): landing >= 50% of bare renderToString, p99 <= 50 ms, JS <= 150 KB gzip.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { execFileSync } from 'node:child_process'
import { ensureBuild, getText, load, startProcess, table } from './lib'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

/** Gzip size of the JavaScript the landing page loads: every script and module preload its HTML names. */
function landingJsGzip(html: string): { files: number; bytes: number } {
  const files = new Set<string>()
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) files.add(m[1])
  let bytes = 0
  for (const f of files) bytes += zlib.gzipSync(fs.readFileSync(path.join('dist/client', f)), { level: 9 }).length
  return { files: files.size, bytes }
}

async function main() {
  ensureBuild()
  const server = await startProcess('dist/node/main.mjs', {}, 3301)
  const rows = []
  let js = { files: 0, bytes: 0 }
  try {
    const landingHtml = await getText('http://127.0.0.1:3301/', 'datingstad.nl')
    js = landingJsGzip(landingHtml)
    rows.push(await load('landing page / (SSR)', 'http://127.0.0.1:3301/', 'datingstad.nl', SECONDS, 10, server.pid))
    rows.push(await load('/api/settings.php', 'http://127.0.0.1:3301/api/settings.php', 'datingstad.nl', SECONDS, 10, server.pid))
    server.kill()
    const staticServer = await startProcess('bench/static-server.ts', { BENCH_HTML: landingHtml }, 3302)
    try {
      rows.push(await load('same server, prebuilt HTML string', 'http://127.0.0.1:3302/', 'datingstad.nl', SECONDS, 10, staticServer.pid))
    } finally {
      staticServer.kill()
    }
  } finally {
    server.kill()
  }
  const bare = JSON.parse(execFileSync(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'bench/render-to-string.ts', String(SECONDS)], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } }).trim().split('\n').pop()!)
  rows.push({ name: 'bare renderToString (one process)', rps: bare.rps, p50: Number(bare.p50.toFixed(2)), p99: Number(bare.p99.toFixed(2)), errors: 0, non2xx: 0, cpuMs: bare.cpuMs })
  table(rows)
  const [landing, , prebuilt] = rows
  console.log(`\nlanding / bare renderToString: ${((landing.rps / bare.rps) * 100).toFixed(0)}% (target >= 50%)`)
  // The same ratio from CPU time per request: steadier than the rates when other work shares the machine.
  if (landing.cpuMs) console.log(`  by CPU time per request:     ${((bare.cpuMs / landing.cpuMs) * 100).toFixed(0)}% (${bare.cpuMs.toFixed(3)} ms / ${landing.cpuMs.toFixed(3)} ms)`)
  // The most the first ratio can reach on this server: a request that costs what the prebuilt string costs plus
  // the bare render, i.e. if vike and the page glue cost nothing.
  if (prebuilt.cpuMs) console.log(`  bound (bare + prebuilt string): ${((bare.cpuMs / (bare.cpuMs + prebuilt.cpuMs)) * 100).toFixed(0)}%`)
  console.log(`landing / prebuilt string:      ${((landing.rps / prebuilt.rps) * 100).toFixed(0)}%`)
  console.log(`landing p99: ${landing.p99} ms (target <= 50 ms); every landing request is rendered (no response cache)`)
  console.log(`landing JavaScript: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files} files (target <= 150 KB)`)
}

await main()
