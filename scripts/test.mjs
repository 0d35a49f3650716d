// npm test: jest (unit, component, API on PGlite and PostgreSQL) then Playwright, and one closing line
// "N passed, N failed, N skipped" over both.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'test-report-'))
const jestReport = path.join(tmp, 'jest.json')
const pwReport = path.join(tmp, 'playwright.json')
const totals = { passed: 0, failed: 0, skipped: 0 }
let failedRun = false

const jest = spawnSync('npx', ['jest', '--json', `--outputFile=${jestReport}`], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim() },
})
if (jest.status !== 0) failedRun = true
if (fs.existsSync(jestReport)) {
  const r = JSON.parse(fs.readFileSync(jestReport, 'utf8'))
  totals.passed += r.numPassedTests
  totals.failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)
  totals.skipped += r.numPendingTests + r.numTodoTests
}

const e2e = spawnSync('node', ['scripts/e2e.mjs', '--reporter=list,json'], {
  stdio: ['inherit', 'inherit', 'inherit'],
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport },
})
if (e2e.status !== 0) failedRun = true
if (fs.existsSync(pwReport)) {
  const s = JSON.parse(fs.readFileSync(pwReport, 'utf8')).stats
  totals.passed += s.expected + (s.flaky ?? 0)
  totals.failed += s.unexpected
  totals.skipped += s.skipped
}
if (failedRun && totals.failed === 0) totals.failed = 1

console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failedRun ? 1 : 0)
