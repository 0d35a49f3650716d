// The Node.js version the site needs, checked first by `npm start` with a clear message (README, "Prerequisites").
// Usage as a script (for tests): node scripts/check-node.mjs [version]; exit 1 with the message when too old.
import { fileURLToPath } from 'node:url'

/** package.json "engines": 20.19 or later. 22.12 or later is recommended: cookie and content-disposition ask for 22. */
export const REQUIRED = [20, 19]
export const RECOMMENDED = [22, 12]

const older = (v, [major, minor]) => v[0] < major || (v[0] === major && v[1] < minor)

/** { error } when the version cannot run the site, { warning } when it runs but is below the recommended one. */
export function checkNodeVersion(version = process.versions.node) {
  const v = version.replace(/^v/, '').split('.').map(Number)
  if (older(v, REQUIRED)) {
    return { error: `Node.js ${REQUIRED.join('.')} or later is needed; this is Node.js ${version}. Install Node.js 22 LTS (https://nodejs.org/, or \`nvm install 22\`) and run the command again.` }
  }
  if (older(v, RECOMMENDED)) {
    return { warning: `Node.js ${version} works; ${RECOMMENDED.join('.')} or later is recommended (npm warns that cookie and content-disposition ask for Node.js 22).` }
  }
  return {}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { error, warning } = checkNodeVersion(process.argv[2])
  if (warning) console.warn(`[start] ${warning}`)
  if (error) {
    console.error(`[start] ${error}`)
    process.exit(1)
  }
}
