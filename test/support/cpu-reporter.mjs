// A jest reporter for measuring (decision 045), not used by npm test: per test file its wall time and the CPU time
// (user + system) of the jest process, reaped child processes included (/proc/self/stat), while the file ran.
// Meaningful with one worker (in band), where the files run one after another in this process. Writes a TSV to
// JEST_CPU_REPORT (default /tmp/jest-cpu.tsv), slowest first, and a total line.
// Use: npx jest --selectProjects api --reporters=default --reporters=./test/support/cpu-reporter.mjs
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const TICK = 100 // USER_HZ on Linux
/** CPU seconds of this process plus its reaped children (utime, stime, cutime, cstime). */
function cpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ')
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICK
  } catch {
    const u = process.cpuUsage()
    return (u.user + u.system) / 1e6
  }
}

export default class CpuReporter {
  constructor() {
    this.started = new Map()
    this.rows = []
  }
  onTestStart(test) {
    this.started.set(test.path, { at: Date.now(), cpu: cpuSeconds(), load: os.loadavg()[0] })
  }
  onTestResult(test, result) {
    const s = this.started.get(test.path)
    if (!s) return
    const file = path.relative(process.cwd(), test.path)
    this.rows.push({ file, wall: (Date.now() - s.at) / 1000, cpu: cpuSeconds() - s.cpu, load: s.load, failed: result.numFailingTests + (result.testExecError ? 1 : 0) })
  }
  onRunComplete() {
    const out = process.env.JEST_CPU_REPORT ?? path.join(os.tmpdir(), 'jest-cpu.tsv')
    const rows = [...this.rows].sort((a, b) => b.cpu - a.cpu)
    const total = rows.reduce((t, r) => ({ wall: t.wall + r.wall, cpu: t.cpu + r.cpu }), { wall: 0, cpu: 0 })
    const lines = ['file\twall_s\tcpu_s\tload1\tfailed', ...rows.map((r) => `${r.file}\t${r.wall.toFixed(1)}\t${r.cpu.toFixed(1)}\t${r.load.toFixed(1)}\t${r.failed}`), `TOTAL ${rows.length} files\t${total.wall.toFixed(1)}\t${total.cpu.toFixed(1)}\t\t`]
    fs.writeFileSync(out, `${lines.join('\n')}\n`)
    console.log(`[cpu-reporter] ${rows.length} files: wall ${total.wall.toFixed(0)} s, CPU ${total.cpu.toFixed(0)} s -> ${out}`)
  }
}
