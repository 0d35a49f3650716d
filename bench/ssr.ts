// bench/ssr: the landing page and /api/settings.php under autocannon (10 connections, 10 s), against a bare
// renderToString of the same page and the same server answering a prebuilt HTML string; plus the landing
// page's JavaScript size. Targets (issue 2): landing >= 50% of bare renderToString, p99 <= 50 ms, JS <= 150 KB gzip.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { execFileSync } from 'node:child_process'
import { ensureBuild, load, startProcess, table } from './lib'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

/** Gzip size of the JavaScript the landing page loads: its entry and every chunk it imports. */
function landingJsGzip(): { files: number; bytes: number } {
  const manifest = JSON.parse(fs.readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }>
  const html = fs.readFileSync(path.join(process.env.BENCH_TMP_HTML ?? ''), 'utf8')
  const scripts = new Set<string>()
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) scripts.add(m[1].slice(1))
  // Follow static imports from the manifest for anything the HTML names.
  const byFile = new Map(Object.values(manifest).map((e) => [e.file, e]))
  const queue = [...scripts].map((s) => s.replace(/^\//, ''))
  const seen = new Set<string>()
  while (queue.length) {
    const f = queue.pop()!
    if (seen.has(f)) continue
    seen.add(f)
    for (const imp of byFile.get(f)?.imports ?? []) queue.push(manifest[imp]?.file ?? imp)
  }
  let bytes = 0
  for (const f of seen) {
    const p = path.join('dist/client', f)
    if (fs.existsSync(p)) bytes += zlib.gzipSync(fs.readFileSync(p), { level: 9 }).length
  }
  return { files: seen.size, bytes }
}

async function main() {
  ensureBuild()
  const server = await startProcess('src/server/main.ts', {}, 3301)
  const rows = []
  try {
    const landingHtml = await (await fetch('http://127.0.0.1:3301/', { headers: { host: 'datingstad.nl' } })).text()
    const tmpHtml = path.join(fs.mkdtempSync('/tmp/bench-html-'), 'index.html')
    fs.writeFileSync(tmpHtml, landingHtml)
    process.env.BENCH_TMP_HTML = tmpHtml
    rows.push(await load('landing page / (SSR)', 'http://127.0.0.1:3301/', 'datingstad.nl', SECONDS))
    rows.push(await load('/api/settings.php', 'http://127.0.0.1:3301/api/settings.php', 'datingstad.nl', SECONDS))
    server.kill()
    const staticServer = await startProcess('bench/static-server.ts', { BENCH_HTML: landingHtml }, 3302)
    try {
      rows.push(await load('same server, prebuilt HTML string', 'http://127.0.0.1:3302/', 'datingstad.nl', SECONDS))
    } finally {
      staticServer.kill()
    }
  } finally {
    server.kill()
  }
  const bare = JSON.parse(execFileSync('npx', ['tsx', 'bench/render-to-string.ts', String(SECONDS)], { encoding: 'utf8' }).trim().split('\n').pop()!)
  rows.push({ name: 'bare renderToString (one process)', rps: bare.rps, p50: Number(bare.p50.toFixed(2)), p99: Number(bare.p99.toFixed(2)), errors: 0, non2xx: 0 })
  table(rows)
  const [landing, , prebuilt] = rows
  const js = landingJsGzip()
  console.log(`\nlanding / bare renderToString: ${((landing.rps / bare.rps) * 100).toFixed(0)}% (target >= 50%)`)
  console.log(`landing / prebuilt string:      ${((landing.rps / prebuilt.rps) * 100).toFixed(0)}%`)
  console.log(`landing p99: ${landing.p99} ms (target <= 50 ms)`)
  console.log(`landing JavaScript: ${(js.bytes / 1024).toFixed(1)} KB gzip in ${js.files} files (target <= 150 KB)`)
}

await main()
