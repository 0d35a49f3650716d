// Playwright against the production build in Debian's Chromium (/usr/bin/chromium).
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3123)
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'dating-e2e-'))
process.env.E2E_DATA_DIR = dataDir

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://datingstad.localhost:${PORT}`,
    // No trace by default: recording one (a screencast and DOM snapshots of every action) cost a third of the browser
    // tests' CPU, for every passing test (discovery.spec on the phone: 72 s of CPU with traces, 46 s without). A failure
    // still writes its error context; to look at one closely: npx playwright test <spec> --trace retain-on-failure.
    trace: 'off',
    // A Dutch visitor; the tenant chooses among its locales by Accept-Language.
    locale: 'nl-NL',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, locale: 'nl-NL', browserName: 'chromium' } },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, browserName: 'chromium' } },
  ],
  webServer: {
    command: 'node --enable-source-maps --max-semi-space-size=32 dist/node/main.mjs',
    url: `http://127.0.0.1:${PORT}/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_MEMBERS_PER_POOL: '40',
      LOG_LEVEL: 'warn',
      // Every journey signs up its own members from 127.0.0.1.
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
      // ...and logs members in from it: 30 per 5 minutes, the default, is about what the journeys do together.
      LOGINS_PER_ADDRESS_PER_5_MINUTES: '1000',
      // The browser's X-Forwarded-For is believed, so a journey can visit from another country (GeoIP of the address).
      TRUST_PROXY: '127.0.0.1',
      // The journeys read their mail in the dev mailbox; links point at the local preview hosts.
      DEV_MAILBOX: 'true',
      PUBLIC_URL: `http://{id}.localhost:${PORT}`,
    },
  },
})
