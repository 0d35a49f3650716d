// bench/web (npm run bench:web): Lighthouse (the npm module, Debian's Chromium) on mobile settings (Lighthouse's
// default form factor, a Moto G Power screen, and its simulated slow-4G and 4x CPU throttling) for the landing page,
// a lander, the logged-in member search (/members with the demo premium member's session cookie) and a
// conversation page (/chats/{id}, a conversation that member opens by sending a message first), on two tenants.
// Prints the four category scores and LCP, TBT and CLS (the median of BENCH_WEB_RUNS runs per page, default 3)
// and which of issue 15's targets are met: performance, accessibility and best practices >= 95 and SEO >= 90 on
// the public pages; LCP <= 2.0 s and CLS <= 0.05 everywhere. The production build runs on a fresh DATA_DIR with the
// demo data; a tenant is reached as <id>.localhost (the registry's local preview host; a secure context for
// Chromium, as the HTTPS site is). The machine load (uptime) and Lighthouse's CPU benchmark index are printed too:
// on a busy machine TBT is inflated (Lighthouse multiplies the main thread's observed task times by its throttling).
// BENCH_WEB_PORT (default 3202), BENCH_WEB_TENANTS (default datingstad,rijpedates), BENCH_WEB_JSON=<dir> keeps each
// report as JSON, BENCH_WEB_ONLY=<substring> runs only the matching pages. BENCH_WEB_BASELINE_ENV="NAME=value ..."
// also starts this build with those environment variables on BENCH_WEB_PORT+1 (e.g. HYDRATION_AFTER_PAINT=false,
// decision 041 addendum 2) and alternates the runs between the two, page by page, so a change is compared under the
// same machine load. BENCH_WEB_BASELINE_DIR=<dir> makes another checkout's build the baseline instead (a worktree of
// an older commit with its own `npm run build`, node_modules linked; its server must load its own
// dist/server/entry.mjs, as src/server/vike.server.ts does since commit dc4b57b). Each run prints its LCP breakdown:
// Lighthouse's simulated TTFB, FCP and LCP, the LCP image's simulated load, and what the simulation counted before
// the paint (the requests that ended before the observed LCP, their bytes, and the main thread's observed task time
// before it).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync, type ChildProcess } from 'node:child_process'
import lighthouse from 'lighthouse'
import * as chromeLauncher from 'chrome-launcher'
import { cookieHeader, ensureFreshBuild, request, startProcess } from './lib'

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3202)
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3)
const TENANTS = (process.env.BENCH_WEB_TENANTS ?? 'datingstad,rijpedates').split(',')
const LANDER = '/landers/gallery/milf-amsterdam'
const PREMIUM_PASSWORD = 'demo-premium-123' // src/db/seed/common.ts
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const

interface Page {
  tenant: string
  name: string
  path: string
  public: boolean
  cookie?: string
}

/** A server to measure: this build, or this build with BENCH_WEB_BASELINE_ENV. */
interface Build {
  label: string
  port: number
  /** Extra environment of its server. */
  env: Record<string, string>
  /** The checkout whose build it runs (BENCH_WEB_BASELINE_DIR), else this one. */
  cwd?: string
}

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>
  lcp: number
  tbt: number
  cls: number
  benchmarkIndex: number
  failing: string[]
  /** What the simulated LCP was made of (see lcpBreakdown). */
  breakdown: string
  /**
   * The SEO score without the is-crawlable audit, when that audit failed only on the page's own
   * `<meta name="robots" content="noindex">`: landers are noindex unless the tenant sets `landers.indexable`
   * (decision 023: paid-traffic pages, the same wording on many addresses), which costs 45 SEO points by itself.
   */
  seoIndexable?: number
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

const load = () => `load average ${os.loadavg().map((l) => l.toFixed(2)).join(', ')} (${os.cpus().length} CPUs); ${execFileSync('uptime', { encoding: 'utf8' }).trim()}`

/** Logs the tenant's demo premium member in and opens a conversation with its first search result. */
async function memberSession(base: string, host: string, tenant: string): Promise<{ cookie: string; conversationId: number }> {
  const login = await request('POST', `${base}/api/user.php`, host, { json: { email: `premium@${tenant}.demo`, password: PREMIUM_PASSWORD } })
  if (login.status !== 200) throw new Error(`${tenant}: login failed: ${login.status} ${login.body.slice(0, 200)}`)
  const cookie = cookieHeader(login.headers)
  const search = await request('GET', `${base}/api/search.php`, host, { headers: { cookie } })
  const first = (JSON.parse(search.body) as { profiles: { id: number }[] }).profiles[0]
  if (!first) throw new Error(`${tenant}: no search results: ${search.status} ${search.body.slice(0, 200)}`)
  const sent = await request('POST', `${base}/api/message.php?member_id=${first.id}`, host, {
    headers: { cookie, origin: `http://${host}` },
    json: { kind: 'text', client_id: `bench-web-${Date.now()}`, text: 'Hoi! Zin in een kop koffie?' },
  })
  if (sent.status !== 201) throw new Error(`${tenant}: message failed: ${sent.status} ${sent.body.slice(0, 200)}`)
  return { cookie, conversationId: (JSON.parse(sent.body) as { message: { conversation_id: number } }).message.conversation_id }
}

interface MetricsItem {
  firstContentfulPaint: number
  largestContentfulPaint: number
  timeToFirstByte: number
  lcpLoadStart?: number
  lcpLoadEnd?: number
  observedLargestContentfulPaint: number
}
interface RequestItem {
  url: string
  networkEndTime: number
  transferSize: number
  resourceType?: string
}

/**
 * Lantern (Lighthouse's simulation) builds the LCP from every request that ended before the paint it observed
 * (images of low priority apart) and the main thread's tasks before it, replayed on slow 4G and a 4x slower CPU.
 */
function lcpBreakdown(audits: Record<string, { details?: unknown }>): string {
  const m = (audits.metrics?.details as { items?: MetricsItem[] } | undefined)?.items?.[0]
  const requests = (audits['network-requests']?.details as { items?: RequestItem[] } | undefined)?.items ?? []
  const tasks = (audits['main-thread-tasks']?.details as { items?: { startTime: number; duration: number }[] } | undefined)?.items ?? []
  if (!m) return ''
  const observed = m.observedLargestContentfulPaint
  const before = requests.filter((r) => r.networkEndTime <= observed)
  const kb = (rs: RequestItem[]) => (rs.reduce((sum, r) => sum + r.transferSize, 0) / 1024).toFixed(0)
  const scripts = before.filter((r) => r.resourceType === 'Script')
  const cpu = tasks.filter((t) => t.startTime < observed).reduce((sum, t) => sum + Math.min(t.duration, observed - t.startTime), 0)
  const image = m.lcpLoadStart !== undefined ? `, LCP image ${m.lcpLoadStart.toFixed(0)}-${m.lcpLoadEnd?.toFixed(0)} ms` : ', LCP without image'
  return `simulated TTFB ${m.timeToFirstByte.toFixed(0)} ms, FCP ${m.firstContentfulPaint.toFixed(0)} ms, LCP ${m.largestContentfulPaint.toFixed(0)} ms${image}; before the observed LCP (${observed.toFixed(0)} ms): ${before.length} requests ${kb(before)} KB (${scripts.length} scripts ${kb(scripts)} KB), main thread ${cpu.toFixed(0)} ms`
}

/** One Lighthouse run in a fresh Chromium (no cache, no state carried between runs). */
async function runLighthouse(url: string, cookie: string | undefined, jsonDir: string | undefined, label: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
      // The same page twice in one browser would be judged warm: every run is a new browser anyway.
      maxWaitForLoad: 90_000,
    })
    if (!result) throw new Error(`no Lighthouse result for ${url}`)
    const lhr = result.lhr
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    if (jsonDir) fs.writeFileSync(path.join(jsonDir, `${label.replace(/[^a-z0-9]+/gi, '_')}.json`), JSON.stringify(lhr))
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as Run['scores']
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
    let seoIndexable: number | undefined
    const crawlable = lhr.audits['is-crawlable']
    const blockedByMetaOnly = crawlable?.score === 0 && JSON.stringify(crawlable.details ?? {}).includes('noindex') && !JSON.stringify(crawlable.details ?? {}).includes('x-robots-tag')
    if (blockedByMetaOnly) {
      const refs = (lhr.categories.seo?.auditRefs ?? []).filter((r) => r.weight > 0 && r.id !== 'is-crawlable' && lhr.audits[r.id]?.score !== null && lhr.audits[r.id]?.score !== undefined)
      const weight = refs.reduce((sum, r) => sum + r.weight, 0)
      seoIndexable = Math.round((100 * refs.reduce((sum, r) => sum + r.weight * (lhr.audits[r.id].score ?? 0), 0)) / weight)
    }
    return {
      seoIndexable,
      scores,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failing,
      breakdown: lcpBreakdown(lhr.audits),
    }
  } finally {
    chrome.kill()
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  return exited.finally(() => clearTimeout(timer))
}

async function main() {
  ensureFreshBuild()
  const jsonDir = process.env.BENCH_WEB_JSON
  if (jsonDir) fs.mkdirSync(jsonDir, { recursive: true })
  console.log(`bench:web: Lighthouse mobile (simulated throttling), ${RUNS} run(s) per page, median shown\nbefore: ${load()}`)
  // This build, and with BENCH_WEB_BASELINE_ENV the same build with that environment (a fresh DATA_DIR each: the same demo data).
  const builds: Build[] = [{ label: 'this build', port: PORT, env: {} }]
  const baselineEnv = process.env.BENCH_WEB_BASELINE_ENV
  const baselineDir = process.env.BENCH_WEB_BASELINE_DIR
  if (baselineEnv || baselineDir) {
    const env = Object.fromEntries((baselineEnv ?? '').split(/\s+/).filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]))
    builds.push({ label: 'baseline', port: PORT + 1, env, cwd: baselineDir })
  }
  const servers: ChildProcess[] = []
  const rows: { build: string; page: Page; runs: Run[] }[] = []
  try {
    for (const b of builds) servers.push(await startProcess('dist/node/main.mjs', b.env, b.port, [], b.cwd))
    // The pages of each build, in the same order (a conversation's id is each server's own).
    const pagesOf = new Map<Build, Page[]>()
    for (const b of builds) {
      const pages: Page[] = []
      for (const tenant of TENANTS) {
        const { cookie, conversationId } = await memberSession(`http://127.0.0.1:${b.port}`, `${tenant}.localhost`, tenant)
        pages.push(
          { tenant, name: 'landing page', path: '/', public: true },
          { tenant, name: 'lander', path: LANDER, public: true },
          { tenant, name: 'member search', path: '/members', public: false, cookie },
          { tenant, name: 'conversation', path: `/chats/${conversationId}`, public: false, cookie },
        )
      }
      const only = process.env.BENCH_WEB_ONLY
      pagesOf.set(b, pages.filter((p) => !only || `${p.tenant} ${p.name} ${p.path}`.includes(only)))
    }
    const count = pagesOf.get(builds[0])!.length
    for (let j = 0; j < count; j++) {
      const runsOf = new Map<Build, Run[]>(builds.map((b) => [b, []]))
      for (const b of builds) {
        const page = pagesOf.get(b)![j]
        // One unmeasured load first, so the page cache holds the public pages (as it does for real visitors) and the
        // server has compiled the code paths; then the measured runs.
        const warm = await request('GET', `http://127.0.0.1:${b.port}${page.path}`, `${page.tenant}.localhost`, { headers: page.cookie ? { cookie: page.cookie } : {} })
        if (warm.status !== 200) throw new Error(`${b.label} ${page.path}: ${warm.status}`)
      }
      for (let i = 0; i < RUNS; i++) {
        // The builds take turns, run by run: both see the same load.
        for (const b of builds) {
          const page = pagesOf.get(b)![j]
          const url = `http://${page.tenant}.localhost:${b.port}${page.path}`
          const tag = builds.length > 1 ? `${b.label}: ` : ''
          // On a loaded machine Chromium's trace sometimes misses the navigation (NO_NAVSTART, NO_FCP): try again.
          let run: Run | undefined
          for (let attempt = 1; !run; attempt++) {
            try {
              run = await runLighthouse(url, page.cookie, jsonDir, `${builds.length > 1 ? `${b.label}-` : ''}${page.tenant}-${page.name}-${i + 1}`)
            } catch (err) {
              if (attempt >= 3) throw err
              console.log(`  ${tag}${page.tenant} ${page.path} run ${i + 1}: ${(err as Error).message.slice(0, 160)}; again`)
            }
          }
          runsOf.get(b)!.push(run)
          console.log(`  ${tag}${page.tenant} ${page.path} run ${i + 1}: perf ${run.scores.performance}, a11y ${run.scores.accessibility}, bp ${run.scores['best-practices']}, seo ${run.scores.seo}, LCP ${(run.lcp / 1000).toFixed(2)} s, TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, benchmark index ${run.benchmarkIndex}\n      ${run.breakdown}`)
        }
      }
      for (const b of builds) rows.push({ build: b.label, page: pagesOf.get(b)![j], runs: runsOf.get(b)! })
    }
  } finally {
    for (const server of servers) await stop(server)
  }

  console.log(`after: ${load()}`)
  console.log('\n| tenant | page | performance | accessibility | best practices | SEO | LCP s | TBT ms | CLS | targets |\n|---|---|---|---|---|---|---|---|---|---|')
  let allMet = true
  for (const { build, page, runs } of rows) {
    const m = (f: (r: Run) => number) => median(runs.map(f))
    const s = { performance: m((r) => r.scores.performance), accessibility: m((r) => r.scores.accessibility), bp: m((r) => r.scores['best-practices']), seo: m((r) => r.scores.seo) }
    const lcp = m((r) => r.lcp) / 1000
    const tbt = m((r) => r.tbt)
    const cls = m((r) => r.cls)
    const noindex = runs.every((r) => r.seoIndexable !== undefined)
    const seoJudged = noindex ? m((r) => r.seoIndexable!) : s.seo
    const missed: string[] = []
    if (page.public) {
      if (s.performance < 95) missed.push('performance < 95')
      if (s.accessibility < 95) missed.push('accessibility < 95')
      if (s.bp < 95) missed.push('best practices < 95')
      if (seoJudged < 90) missed.push(noindex ? 'SEO < 90 (apart from noindex)' : 'SEO < 90')
    }
    if (lcp > 2.0) missed.push('LCP > 2.0 s')
    if (cls > 0.05) missed.push('CLS > 0.05')
    if (missed.length && build === 'this build') allMet = false
    console.log(`| ${page.tenant}${builds.length > 1 ? ` (${build})` : ''} | ${page.name} ${page.path} | ${s.performance} | ${s.accessibility} | ${s.bp} | ${s.seo}${noindex ? ` (noindex by design; ${seoJudged} without is-crawlable)` : ''} | ${lcp.toFixed(2)} | ${tbt.toFixed(0)} | ${cls.toFixed(3)} | ${missed.length ? `missed: ${missed.join(', ')}` : 'met'} |`)
  }
  console.log('\nTargets (issue 15): performance, accessibility, best practices >= 95 and SEO >= 90 on the public pages (landing, lander); LCP <= 2.0 s and CLS <= 0.05 on every page. A lander is noindex unless its tenant sets landers.indexable (decision 023): its SEO target is judged without the is-crawlable audit, and the table says so.')
  const failing = new Map<string, Set<string>>()
  for (const { page, runs } of rows) for (const a of runs.flatMap((r) => r.failing)) failing.set(a.replace(/ \(.*$/, ''), (failing.get(a.replace(/ \(.*$/, '')) ?? new Set()).add(`${page.tenant} ${page.name}`))
  if (failing.size) {
    console.log('\nAudits scoring under 0.9 in some run (page):')
    for (const [id, where] of [...failing].sort()) console.log(`  ${id}: ${[...where].join(', ')}`)
  }
  console.log(allMet ? '\nEvery target met.' : '\nSome targets missed (see the table).')
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
