// npm test: jest (unit, component, API on PGlite and PostgreSQL) and Playwright side by side, then one closing
// line "N passed, N failed, N skipped" over both. The two share nothing (jest's databases are its own, the browser
// tests run the production build on their own port and data directory), and the browser tests spend most of their
// time waiting, so running them together takes little more than the longer of the two. Playwright's progress is
// shown as it runs; jest's output is kept in a file and printed when jest ends (interleaved it would be unreadable).
// TEST_SERIAL=1 runs them one after the other, both on the terminal. jest runs with --forceExit: a handle left open by
// a test that timed out (a Redis connection) must fail that test, not keep the whole run waiting forever.
// The production build is made once, first: the browser tests and jest's cluster run (test/cluster, decision 043:
// three instances of dist/node/main.mjs behind a load balancer, with TEST_DATABASE_URL and REDIS_URL) both use it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { stripVTControlCharacters } from 'node:util'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'))
const jestReport = path.join(tmp, 'jest.json')
const jestLog = path.join(tmp, 'jest.log')
const pwReport = path.join(tmp, 'playwright.json')
const serial = process.env.TEST_SERIAL === '1'
const started = Date.now()
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`

/** Runs a command; with a log file its output goes there, else to the terminal. Resolves with its exit code. */
function run(cmd, args, env, logFile) {
  return new Promise((resolve) => {
    const out = logFile ? fs.openSync(logFile, 'w') : 'inherit'
    const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } })
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward).on('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      if (logFile) fs.closeSync(out)
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}

const jestRun = () =>
  run('npx', ['jest', '--forceExit', '--json', `--outputFile=${jestReport}`], { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() }, serial ? undefined : jestLog).then((code) => {
    if (!serial) {
      console.log(`\n[test] jest finished after ${elapsed()} (exit ${code}); its output:\n`)
      process.stdout.write(fs.readFileSync(jestLog, 'utf8'))
      console.log(`[test] end of jest's output\n`)
    }
    return code
  })
const e2eRun = () => run('node', ['scripts/e2e.mjs', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport, E2E_SKIP_BUILD: '1' })

console.log('[test] building the production site (used by the browser tests and the cluster run)')
const buildCode = await run('node', ['scripts/build.mjs', '--logLevel', 'warn'], {})
if (buildCode !== 0) {
  console.log(`\ntests: 0 passed, 1 failed, 0 skipped (the build failed, ${elapsed()})`)
  process.exit(1)
}

if (!serial) console.log('[test] jest and Playwright run side by side; jest prints its output when it ends.')
const [jestCode, e2eCode] = serial ? [await jestRun(), await e2eRun()] : await Promise.all([jestRun(), e2eRun()])

const totals = { passed: 0, failed: 0, skipped: 0 }
/** The failed tests by name with the first lines of their error, repeated at the very end where a log's tail shows them. */
const failures = []
const firstLines = (text) => stripVTControlCharacters(String(text ?? '')).split('\n').filter((l) => l.trim()).slice(0, 6).join('\n    ')
if (fs.existsSync(jestReport)) {
  const r = JSON.parse(fs.readFileSync(jestReport, 'utf8'))
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
const failedRun = jestCode !== 0 || e2eCode !== 0
if (failedRun && totals.failed === 0) totals.failed = 1

if (failures.length) console.log(`\n[test] what failed:\n${failures.map((f) => `  ✘ ${f}`).join('\n')}`)
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${elapsed()})`)
process.exit(failedRun ? 1 : 0)
