// npm test: jest (unit, component, API on PGlite and PostgreSQL) and Playwright side by side, then one closing
// line "N passed, N failed, N skipped" over both. The two share nothing (jest's databases are its own, the browser
// tests run the production build on their own port and data directory), and the browser tests spend most of their
// time waiting, so running them together takes little more than the longer of the two. Playwright's progress is
// shown as it runs; jest's output is kept in a file and printed when jest ends (interleaved it would be unreadable).
// TEST_SERIAL=1 runs them one after the other, both on the terminal. jest runs with --forceExit: a handle left open by
// a test that timed out (a Redis connection) must fail that test, not keep the whole run waiting forever.
// The production build is made once, first: the browser tests and jest's cluster run (test/cluster, decision 043:
// three instances of dist/node/main.mjs behind a load balancer, with TEST_DATABASE_URL and REDIS_URL) both use it.
// Jest's files are cut into JEST_SHARDS parts (default 4, jest --shard), run one after another in their own jest
// process beside Playwright, and when Playwright ends the next part starts in its place: two processes run at any
// time, one per CPU of a 2-CPU machine. As one jest run beside Playwright, jest went on alone on one CPU for its last
// 15 to 20 minutes while the other CPU idled (decision 045, second addendum).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'))
const serial = process.env.TEST_SERIAL === '1'
const SHARDS = serial ? 1 : Math.max(1, Math.floor(Number(process.env.JEST_SHARDS ?? 4)) || 1)
const jestReport = (shard) => path.join(tmp, `jest-${shard}.json`)
const jestLog = (shard) => path.join(tmp, `jest-${shard}.log`)
const pwReport = path.join(tmp, 'playwright.json')
const started = Date.now()
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`

/** Set by SIGINT or SIGTERM: the processes running are told, and nothing new starts. */
let stopping = false
const stop = () => {
  if (!stopping) console.log('\n[test] stopped by a signal: ending the running processes, starting no more')
  stopping = true
}
process.on('SIGINT', stop).on('SIGTERM', stop)

/** Runs a command; with a log file its output goes there, else to the terminal. Resolves with its exit code. */
function run(cmd, args, env, logFile) {
  return new Promise((resolve) => {
    if (stopping) return resolve(1)
    const out = logFile ? fs.openSync(logFile, 'w') : 'inherit'
    const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } })
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward).on('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward)
      if (logFile) fs.closeSync(out)
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}

const jestRun = (shard) => {
  const part = SHARDS > 1 ? [`--shard=${shard}/${SHARDS}`, '--passWithNoTests'] : []
  const name = SHARDS > 1 ? `jest part ${shard}/${SHARDS}` : 'jest'
  const log = serial ? undefined : jestLog(shard)
  return run('npx', ['jest', '--forceExit', '--json', `--outputFile=${jestReport(shard)}`, ...part], { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() }, log).then((code) => {
    if (log) {
      console.log(`\n[test] ${name} finished after ${elapsed()} (exit ${code}); its output:\n`)
      process.stdout.write(fs.readFileSync(log, 'utf8'))
      console.log(`[test] end of ${name}'s output\n`)
    }
    return code
  })
}
const e2eRun = () => run('node', ['scripts/e2e.mjs', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport, E2E_SKIP_BUILD: '1' })

console.log('[test] building the production site (used by the browser tests and the cluster run)')
const buildCode = await run('node', ['scripts/build.mjs', '--logLevel', 'warn'], {})
if (buildCode !== 0) {
  console.log(`\ntests: 0 passed, 1 failed, 0 skipped (the build failed, ${elapsed()})`)
  process.exit(1)
}

/** Playwright and the jest parts, two processes at a time: a part starts whenever another process ends. */
function sideBySide() {
  const queue = Array.from({ length: SHARDS }, (_, i) => i + 1)
  const jestCodes = []
  let e2eCode
  let running = 0
  return new Promise((resolve) => {
    const next = () => {
      const shard = stopping ? undefined : queue.shift()
      if (shard === undefined) {
        if (running === 0) resolve([jestCodes.some((c) => c !== 0) ? 1 : 0, e2eCode])
        return
      }
      running++
      jestRun(shard).then((code) => {
        jestCodes.push(code)
        running--
        next()
      })
    }
    running++
    e2eRun().then((code) => {
      e2eCode = code
      running--
      next()
    })
    next()
  })
}

if (!serial) console.log(`[test] jest (in ${SHARDS} parts, one at a time) and Playwright run side by side; each jest part prints its output when it ends.`)
const [jestCode, e2eCode] = serial ? [await jestRun(1), await e2eRun()] : await sideBySide()

const totals = { passed: 0, failed: 0, skipped: 0 }
/** The failed tests by name with the first lines of their error, repeated at the very end where a log's tail shows them. */
const failures = []
const firstLines = (text) => stripVTControlCharacters(String(text ?? '')).split('\n').filter((l) => l.trim()).slice(0, 6).join('\n    ')
for (const reportFile of Array.from({ length: SHARDS }, (_, i) => jestReport(i + 1)).filter((f) => fs.existsSync(f))) {
  const r = JSON.parse(fs.readFileSync(reportFile, 'utf8'))
  for (const suite of r.testResults ?? []) {
    const file = path.relative(process.cwd(), suite.name)
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((a) => a.status === 'failed')) failures.push(`jest ${file}\n    ${firstLines(suite.message)}`)
    for (const a of suite.assertionResults ?? []) if (a.status === 'failed') failures.push(`jest ${file} › ${a.fullName}\n    ${firstLines((a.failureMessages ?? []).join('\n'))}`)
  }
  totals.passed += r.numPassedTests
  totals.failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)
  totals.skipped += r.numPendingTests + r.numTodoTests
}
if (fs.existsSync(pwReport)) {
  const report = JSON.parse(fs.readFileSync(pwReport, 'utf8'))
  const walk = (suite, titles) => {
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title])
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const result = (t.results ?? []).find((x) => x.status !== 'passed') ?? {}
          failures.push(`playwright [${t.projectName}] ${[...titles, spec.title].filter(Boolean).join(' › ')}${t.status === 'flaky' ? ' (flaky: passed on retry)' : ''}\n    ${firstLines(result.error?.message ?? result.errors?.[0]?.message)}`)
        }
  }
  for (const suite of report.suites ?? []) walk(suite, [suite.title])
  const s = report.stats
  totals.passed += s.expected + (s.flaky ?? 0)
  totals.failed += s.unexpected
  totals.skipped += s.skipped
}
const failedRun = stopping || jestCode !== 0 || e2eCode !== 0
if (failedRun && totals.failed === 0) totals.failed = 1

if (failures.length) console.log(`\n[test] what failed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`)
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${elapsed()})`)
process.exit(failedRun ? 1 : 0)
