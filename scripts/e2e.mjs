// npm run test:e2e: builds the production site, then runs Playwright in Debian's Chromium. E2E_SKIP_BUILD=1 uses
// dist/ as it is (npm test builds once for the browser tests and the cluster run).
import fs from 'node:fs'
import { spawnSync } from 'node:child_process'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!fs.existsSync(chromium)) {
  console.error(`[e2e] ${chromium} is missing: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`)
  process.exit(1)
}
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}
if (process.env.E2E_SKIP_BUILD !== '1') run('node', ['scripts/build.mjs', '--logLevel', 'warn'])
run('npx', ['playwright', 'test', ...process.argv.slice(2)])
