// bench/ssr: the landing page and /api/settings.php under autocannon (10 connections, 10 s), against a bare
// renderToString of the same page and the same server answering a prebuilt HTML string; plus the landing
// page's JavaScript size. The landing page twice: rendered per request (the page cache off, PAGE_CACHE_MB=0: what
// members and tracked visitors cost) and for visitors from the rendered-HTML cache (docs/decisions/033).
// Targets: issue 15, the cached landing page >= 50% of the prebuilt string's req/s and p99 <= 20 ms; issue 2,
// rendered p99 <= 50 ms and JS <= 150 KB gzip (its render ratio target was replaced by issue 15: decision 014).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import os from 'node:os'
import { once } from 'node:events'
import { execFileSync } from 'node:child_process'
import { ensureBuild, getHeaders, getText, load, startProcess, table, type LoadResult } from './lib'
import { cpuShares, mainThreadProfile, RENDER_BUCKET, VIKE_BUCKET, type CpuShares } from './cpu-profile'

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
  const server = await startProcess('dist/node/main.mjs', { PAGE_CACHE_MB: '0' }, 3301)
  const rows = []
  let js = { files: 0, bytes: 0 }
  let cached: LoadResult | undefined
  let cacheHits: string | undefined
  try {
    const landingHtml = await getText('http://127.0.0.1:3301/', 'datingstad.nl')
    js = landingJsGzip(landingHtml)
    rows.push(await load('landing page / (SSR)', 'http://127.0.0.1:3301/', 'datingstad.nl', SECONDS, 10, server.pid))
    rows.push(await load('/api/settings.php', 'http://127.0.0.1:3301/api/settings.php', 'datingstad.nl', SECONDS, 10, server.pid))
    server.kill()
    // The same build with the page cache on (its default): a visitor's landing page is rendered once, then served
    // from memory. Measured next to the prebuilt string, so both see the same load on the machine.
    const cachedServer = await startProcess('dist/node/main.mjs', {}, 3304)
    try {
      const headers = await getHeaders('http://127.0.0.1:3304/', 'datingstad.nl')
      if (headers['x-cache'] !== 'miss' && headers['x-cache'] !== 'hit') throw new Error(`the landing page is not cacheable (X-Cache: ${headers['x-cache']})`)
      cached = await load('landing page / for visitors (page cache)', 'http://127.0.0.1:3304/', 'datingstad.nl', SECONDS, 10, cachedServer.pid)
      cacheHits = String((await getHeaders('http://127.0.0.1:3304/', 'datingstad.nl'))['x-cache'])
    } finally {
      cachedServer.kill()
    }
    const staticServer = await startProcess('bench/static-server.ts', { BENCH_HTML: landingHtml }, 3302)
    try {
      rows.push(await load('same server, prebuilt HTML string', 'http://127.0.0.1:3302/', 'datingstad.nl', SECONDS, 10, staticServer.pid))
    } finally {
      staticServer.kill()
    }
  } finally {
    server.kill()
  }
  // Where a landing request's CPU goes: the same load once more on a server under the V8 profiler (slower, so only
  // its shares are used, applied to the CPU per request measured above without the profiler).
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-prof-'))
  let profile: CpuShares | undefined
  const profiled = await startProcess('dist/node/main.mjs', { PAGE_CACHE_MB: '0' }, 3303, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`])
  try {
    await load('landing page / (profiled)', 'http://127.0.0.1:3303/', 'datingstad.nl', SECONDS, 10)
  } finally {
    const exited = once(profiled, 'exit')
    profiled.kill('SIGINT') // the server closes and exits; Node writes the profile on exit
    await exited
  }
  const profileFile = mainThreadProfile(profileDir)
  if (profileFile) profile = cpuShares(profileFile, SECONDS)
  else console.log(`(the profiled server wrote no CPU profile (exit ${profiled.exitCode ?? profiled.signalCode}): no split this run)`)
  fs.rmSync(profileDir, { recursive: true, force: true })

  const bare = JSON.parse(execFileSync(process.execPath, ['--max-semi-space-size=32', '--import', 'tsx', 'bench/render-to-string.ts', String(SECONDS)], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } }).trim().split('\n').pop()!)
  if (cached) rows.splice(2, 0, cached)
  rows.push({ name: 'bare renderToString (one process)', rps: bare.rps, p50: Number(bare.p50.toFixed(2)), p99: Number(bare.p99.toFixed(2)), errors: 0, non2xx: 0, cpuMs: bare.cpuMs })
  table(rows)
  const landing = rows[0]
  const prebuilt = rows.find((r) => r.name.startsWith('same server, prebuilt'))!
  if (cached) {
    console.log(`\nvisitors' landing from the page cache (X-Cache: ${cacheHits}):`)
    console.log(`  cached / prebuilt string: ${((cached.rps / prebuilt.rps) * 100).toFixed(0)}% of req/s (target >= 50%)`)
    if (cached.cpuMs && prebuilt.cpuMs) console.log(`  by CPU time per request:  ${((prebuilt.cpuMs / cached.cpuMs) * 100).toFixed(0)}% (${prebuilt.cpuMs.toFixed(3)} ms / ${cached.cpuMs.toFixed(3)} ms)`)
    console.log(`  p99 at 10 connections:   ${cached.p99} ms (target <= 20 ms)`)
    console.log(`  cached / rendered:        ${(cached.rps / landing.rps).toFixed(1)}x the req/s of a render per request`)
  }
  console.log(`\nRendered per request (page cache off):`)
  console.log(`landing / bare renderToString: ${((landing.rps / bare.rps) * 100).toFixed(0)}% (issue 2's target of 50% was replaced by issue 15's cache)`)
  // The same ratio from CPU time per request: steadier than the rates when other work shares the machine.
  if (landing.cpuMs) console.log(`  by CPU time per request:     ${((bare.cpuMs / landing.cpuMs) * 100).toFixed(0)}% (${bare.cpuMs.toFixed(3)} ms / ${landing.cpuMs.toFixed(3)} ms)`)
  // The most the first ratio can reach on this server: a request that costs what the prebuilt string costs plus
  // the bare render, i.e. if vike and the page glue cost nothing.
  if (prebuilt.cpuMs) console.log(`  bound (bare + prebuilt string): ${((bare.cpuMs / (bare.cpuMs + prebuilt.cpuMs)) * 100).toFixed(0)}%`)
  console.log(`landing / prebuilt string:      ${((landing.rps / prebuilt.rps) * 100).toFixed(0)}%`)
  if (profile && landing.cpuMs) {
    console.log(`\nWhere a landing request's CPU goes (shares of a profiled run x ${landing.cpuMs.toFixed(3)} ms):`)
    console.log('| part | share | ms per request |\n|---|---|---|')
    for (const [part, share] of Object.entries(profile.shares).sort((a, b) => b[1] - a[1])) {
      console.log(`| ${part} | ${(share * 100).toFixed(1)}% | ${(share * landing.cpuMs).toFixed(3)} |`)
    }
    // vike's own per-request work cannot be removed by anything outside vike: with it as measured, the ratio is at
    // most what a request costs if everything else cost what the prebuilt string costs.
    const vikeMs = (profile.shares[VIKE_BUCKET] ?? 0) * landing.cpuMs
    const renderMs = (profile.shares[RENDER_BUCKET] ?? 0) * landing.cpuMs
    console.log(`  the page render inside the server: ${renderMs.toFixed(3)} ms, ${(renderMs / bare.cpuMs).toFixed(2)}x the bare render in a loop`)
    if (prebuilt.cpuMs) console.log(`  bound with vike's own work as measured (bare / (bare + vike + prebuilt string)): ${((bare.cpuMs / (bare.cpuMs + vikeMs + prebuilt.cpuMs)) * 100).toFixed(0)}%`)
    console.log(`  bound if vike's own work cost nothing (bare / (landing - vike)): ${((bare.cpuMs / (landing.cpuMs - vikeMs)) * 100).toFixed(0)}%`)
  }
  console.log(`rendered landing p99: ${landing.p99} ms (target <= 50 ms)`)
  console.log(`landing JavaScript: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files} files (target <= 150 KB)`)
}

await main()
