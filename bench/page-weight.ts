// bench/page-weight: the JavaScript each landing page loads (every script and module preload its HTML names),
// gzip level 9 as bench/ssr counts it, for the landing page and the nine landers, with the largest files.
// Target (issue 2, issue 12): landing and lander JavaScript <= 150 KB gzip. Run: npx tsx bench/page-weight.ts
// (BENCH_FILES=1 lists every file of each page).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { ensureFreshBuild, getText, startProcess } from './lib'

const PAGES = ['/', '/landers/gallery/milf-amsterdam', '/landers/alonetonight', '/landers/collagelanding/milf', '/landers/iconslanding', '/landers/maplanding', '/landers/socialnetwork', '/landers/transitionsvideolanding', '/landers/video', '/landers/tinderswipe', '/signup']
const BUDGET_KB = 150

function scripts(html: string): { file: string; gzip: number }[] {
  const files = new Set<string>()
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) files.add(m[1])
  return [...files].map((file) => ({ file, gzip: zlib.gzipSync(fs.readFileSync(path.join('dist/client', file)), { level: 9 }).length })).sort((a, b) => b.gzip - a.gzip)
}

async function main() {
  ensureFreshBuild()
  const port = 3303
  const server = await startProcess('dist/node/main.mjs', {}, port)
  try {
    let worst = 0
    for (const p of PAGES) {
      const list = scripts(await getText(`http://127.0.0.1:${port}${p}`, 'datingstad.nl'))
      const kb = list.reduce((s, f) => s + f.gzip, 0) / 1024
      worst = p === '/signup' ? worst : Math.max(worst, kb)
      console.log(`${p.padEnd(40)} ${kb.toFixed(1).padStart(6)} KB gzip in ${list.length} files${p === '/signup' ? ' (not a landing page)' : ''}`)
      if (process.env.BENCH_FILES) for (const f of list) console.log(`    ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}`)
    }
    console.log(`largest landing page: ${worst.toFixed(1)} KB gzip (target <= ${BUDGET_KB} KB)`)
  } finally {
    server.kill()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
