// The server goes on serving, quietly, when its standard output and error lose their reader (`npm start | head`, a
// log collector gone): src/server/output-streams.server.ts. Without it, vike's handler of uncaught errors logged
// each EPIPE to the closed stderr, which was the next EPIPE, and the process spun on a CPU for good.
import path from 'node:path'
import { spawn } from 'node:child_process'

jest.setTimeout(60_000)

const TSX = path.resolve('node_modules/.bin/tsx')
const CHILD = path.resolve('test/support/closed-output-child.ts')

/** Runs the child, closes its output pipes once it is ready, has it log, and returns what it reports. */
function runWithClosedOutput(keepServing: boolean): Promise<{ uncaught: number }> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, KEEP_SERVING: keepServing ? '1' : '0' }
    delete env.NODE_OPTIONS
    const child = spawn(TSX, [CHILD], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
    child.on('error', reject)
    child.on('message', (message) => {
      if (message === 'ready') {
        // The reader goes away: the pipes' read ends are closed.
        child.stdout!.destroy()
        child.stderr!.destroy()
        setTimeout(() => child.send('write'), 100)
      } else resolve(message as { uncaught: number })
    })
    child.on('exit', (code) => reject(new Error(`the child exited (${code}) without a report`)))
  })
}

describe('closed standard output and error', () => {
  it('without the handling, each logged EPIPE is the next one: the loop this prevents', async () => {
    const report = await runWithClosedOutput(false)
    expect(report.uncaught).toBeGreaterThan(10)
  })

  it('with it, nothing is thrown and the process goes on', async () => {
    const report = await runWithClosedOutput(true)
    expect(report).toEqual({ uncaught: 0 })
  })
})
