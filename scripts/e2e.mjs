// npm run test:e2e: builds the production site, then runs Playwright in Debian's Chromium. E2E_SKIP_BUILD=1 uses
// dist/ as it is (npm test builds once for the browser tests and the cluster run).
import fs from 'node:fs'
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(chromium)) {
  console.error(`[e2e] ${chromium} is missing: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`)
  process.exit(1)
}

/**
 * Runs a command to its end, in a process group of its own; SIGINT and SIGTERM reach it from here, as SIGINT.
 * Playwright stops its web server (a process group of its own too) on SIGINT, but dies at once on SIGTERM and leaves
 * the server running on its port; and a signal sent to our whole group (`timeout`, a terminal's Ctrl-C) would reach
 * it as it is. (Run synchronously, this script itself died of the signal and left Playwright running.)
 */
function run(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', detached: true })
    // Once: a second SIGINT makes Playwright quit without stopping its server (a Ctrl-C reaches us twice, from the
    // terminal and from scripts/test.mjs).
    let sent = false
    const forward = () => {
      if (!sent) child.kill('SIGINT')
      sent = true
    }
    process.on('SIGINT', forward).on('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward).off('SIGTERM', forward)
      resolve(code ?? (signal ? 1 : 0))
    })
  })
}
const check = (code) => {
  if (code !== 0) process.exit(code)
}

if (process.env.E2E_SKIP_BUILD !== '1') check(await run('node', ['scripts/build.mjs', '--logLevel', 'warn']))
// Playwright's own command line, without npx between: a signal reaches Playwright itself.
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli')
check(await run(process.execPath, [cli, 'test', ...process.argv.slice(2)]))
