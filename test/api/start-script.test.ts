// npm start's first step: a Node.js too old for the site stops with a clear message (scripts/check-node.mjs).
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const script = path.resolve(__dirname, '../../scripts/check-node.mjs')
const run = (version: string) => spawnSync(process.execPath, [script, version], { encoding: 'utf8' })

it('refuses Node.js below 20.19 with what to install', () => {
  for (const v of ['18.20.4', '20.18.1', 'v16.0.0']) {
    const res = run(v)
    expect(res.status).toBe(1)
    expect(res.stderr).toContain(`Node.js 20.19 or later is needed; this is Node.js ${v}. Install Node.js 22 LTS`)
  }
})

it('runs on 20.19 with a recommendation, and on 22.12 and later without a word', () => {
  const old = run('20.19.0')
  expect(old.status).toBe(0)
  expect(old.stderr).toContain('22.12 or later is recommended')
  for (const v of ['22.12.0', '24.1.0']) {
    const res = run(v)
    expect(res.status).toBe(0)
    expect(res.stderr).toBe('')
  }
})
