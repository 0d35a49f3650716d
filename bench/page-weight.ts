// bench/page-weight: the JavaScript each landing page loads (every script and module preload its HTML names),
// gzip level 9 as bench/ssr counts it, for the landing page and the nine landers, with the largest files.
// Target (issue 2, issue 12): landing and lander JavaScript <= 150 KB gzip. Run: npx tsx bench/page-weight.ts
// (BENCH_FILES=1 lists every file of each page).
// It also fails (exit code 1) when a landing page loads code that only members or the API's contracts need: zod,
// polished or the member chrome (decision 038), or when a landing page is over the budget; the offending file is
// named, so the importer can be traced with `npx vite build --sourcemap` (the map's sources list its modules).
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'
import type { ChildProcess } from 'node:child_process'
import { ensureFreshBuild, getText, startProcess } from './lib'

const PAGES = ['/', '/landers/gallery/milf-amsterdam', '/landers/alonetonight', '/landers/collagelanding/milf', '/landers/iconslanding', '/landers/maplanding', '/landers/socialnetwork', '/landers/transitionsvideolanding', '/landers/video', '/landers/tinderswipe', '/signup']
const BUDGET_KB = 150

/** Code a visitor's landing page must not download, recognised by strings that survive minification. */
const FORBIDDEN: { name: string; marker: RegExp }[] = [
  // zod's classes name themselves ($ZodType, $ZodString ...): the endpoint definitions and request contracts.
  { name: 'zod', marker: /\$ZodType/ },
  // polished's error messages link to its repository: colour maths belong in the server's theme (themes/build-theme.ts).
  { name: 'polished', marker: /styled-components\/polished/ },
  // The member chrome (src/features/layout/member-chrome.tsx): the like popup and the time bonus banner.
  { name: 'member chrome', marker: /like-popup-title|time-bonus-banner/ },
]

function scripts(html: string): { file: string; gzip: number; forbidden: string[] }[] {
  const files = new Set<string>()
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) files.add(m[1])
  return [...files]
    .map((file) => {
      const code = fs.readFileSync(path.join('dist/client', file))
      const text = code.toString('utf8')
      return { file, gzip: zlib.gzipSync(code, { level: 9 }).length, forbidden: FORBIDDEN.filter((f) => f.marker.test(text)).map((f) => f.name) }
    })
    .sort((a, b) => b.gzip - a.gzip)
}

/** A port nobody listens on (a fixed port met a server left over from an interrupted run and measured its build). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

/** Stops the server and waits for it: SIGTERM, then SIGKILL after 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

async function main() {
  ensureFreshBuild()
  const port = await freePort()
  const server = await startProcess('dist/node/main.mjs', {}, port)
  const failures: string[] = []
  try {
    let worst = 0
    for (const p of PAGES) {
      const landing = p !== '/signup'
      const list = scripts(await getText(`http://127.0.0.1:${port}${p}`, 'datingstad.nl'))
      const kb = list.reduce((s, f) => s + f.gzip, 0) / 1024
      worst = landing ? Math.max(worst, kb) : worst
      console.log(`${p.padEnd(40)} ${kb.toFixed(1).padStart(6)} KB gzip in ${list.length} files${landing ? '' : ' (not a landing page)'}`)
      for (const f of list) {
        if (process.env.BENCH_FILES || f.forbidden.length) console.log(`    ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}${f.forbidden.length ? `  holds ${f.forbidden.join(', ')}` : ''}`)
        for (const name of f.forbidden) failures.push(`${p} loads ${name} (${f.file})`)
      }
      if (landing && kb > BUDGET_KB) failures.push(`${p}: ${kb.toFixed(1)} KB gzip is over the ${BUDGET_KB} KB budget`)
    }
    console.log(`largest landing page: ${worst.toFixed(1)} KB gzip (target <= ${BUDGET_KB} KB)`)
  } finally {
    await stop(server)
  }
  if (failures.length) {
    console.error(`\nFAILED:\n${failures.map((f) => `  ${f}`).join('\n')}`)
    process.exitCode = 1
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
