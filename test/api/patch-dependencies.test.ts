// The postinstall patches (scripts/patch-dependencies.mjs) fail loudly when they do not apply: a changed or missing
// dependency exits non-zero with the patch named, so an upgrade of vike cannot silently drop them.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const script = path.resolve(__dirname, '../../scripts/patch-dependencies.mjs')
const FILES = ['dist/utils/catchInfiniteLoop.js', 'dist/utils/objectAssign.js', 'dist/shared-server-client/route/resolveRouteString.js']

function run(cwd: string, ...args: string[]) {
  const res = spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' })
  return { status: res.status, stderr: res.stderr }
}

/** A project directory with node_modules/vike holding the given text for each patched file (or none). */
function project(text: ((file: string) => string) | null): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-deps-'))
  if (text) {
    for (const f of FILES) {
      const file = path.join(dir, 'node_modules/vike', f)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, text(f))
    }
  }
  return dir
}

describe('scripts/patch-dependencies.mjs', () => {
  it('exits non-zero and names each patch when the dependency has changed', () => {
    const res = run(project(() => '// another version of vike\n'))
    expect(res.status).toBe(1)
    expect(res.stderr).toContain('vike/dist/utils/objectAssign.js has changed: "vike objectAssign: assign plain data properties instead of redefining them" does not apply')
    expect(res.stderr).toContain('catchInfiniteLoop')
    expect(res.stderr).toContain('resolveRouteString')
  })

  it('exits non-zero when the dependency is not installed', () => {
    const res = run(project(null))
    expect(res.status).toBe(1)
    expect(res.stderr).toContain('is not installed')
  })

  it('passes over files already patched, and --check passes on the installed vike', () => {
    const installed = (f: string) => fs.readFileSync(path.resolve(__dirname, '../../node_modules/vike', f), 'utf8')
    expect(run(project(installed)).status).toBe(0)
    expect(run(path.resolve(__dirname, '../..'), '--check').status).toBe(0)
  })

  it('--check fails on an unpatched copy without writing it', () => {
    const dir = project(() => 'const trackers = {};\n')
    const res = run(dir, '--check')
    expect(res.status).toBe(1)
    expect(res.stderr).toContain('is not patched')
    expect(fs.readFileSync(path.join(dir, 'node_modules/vike', FILES[0]), 'utf8')).toBe('const trackers = {};\n')
  })

  it('pins vike exactly', () => {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'))
    const installed = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../node_modules/vike/package.json'), 'utf8'))
    expect(pkg.dependencies.vike).toBe(installed.version)
  })
})
