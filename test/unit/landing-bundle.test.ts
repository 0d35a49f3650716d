/**
 * @jest-environment node
 */
/**
 * The landing page and the landers load only what a visitor needs (decision 038, issue 12's 150 KB budget): the
 * static import graph of the browser's shell (renderer/+onRenderClient.tsx), every page's route function (vike's
 * client router loads them all) and the landing and lander pages must not reach zod (endpoint definitions and
 * request contracts), SWR, polished, the member chrome or the member card. Dynamic import() is allowed: that is how member-only code
 * loads. bench/page-weight.ts measures the built files and fails on the same code; this test names the import chain
 * in a second, without a build.
 */
import fs from 'node:fs'
import path from 'node:path'
import { build, type Metafile } from 'esbuild'
import { endpointUrl } from '../../src/shared/endpoint-call'
import { activateResendRef, logoutRef, signupRef, updateUserRef } from '../../src/features/accounts/endpoint-refs'
import { activateResendEndpoint, logoutEndpoint, signupEndpoint, updateUserEndpoint } from '../../src/features/accounts/endpoints'

const root = path.resolve(__dirname, '../..')

function files(dir: string, name: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return files(p, name)
    return name.test(e.name) ? [p] : []
  })
}

const entries = [
  path.join(root, 'renderer/+onRenderClient.tsx'),
  path.join(root, 'pages/index/+Page.tsx'),
  ...files(path.join(root, 'pages/landers'), /^\+Page\.tsx$/),
  ...files(path.join(root, 'pages'), /^\+route\.ts$/),
]

const FORBIDDEN_PACKAGES = ['zod', 'swr', 'polished']
// The member card (search results, likes, signup) is apart from the photo and fictional label the landers use:
// with it, the largest landers were over the 150 KB budget (bench/page-weight.ts).
const FORBIDDEN_MODULES = ['src/features/layout/member-chrome.tsx', 'src/shared/api-client.ts', 'src/ui/member-card-link.tsx']

/** Every module reached from the entries through static imports, with the chain that first reached it. */
function staticGraph(meta: Metafile): Map<string, string[]> {
  const reached = new Map<string, string[]>()
  const queue: string[] = []
  for (const e of entries) {
    const rel = path.relative(root, e)
    reached.set(rel, [rel])
    queue.push(rel)
  }
  while (queue.length) {
    const from = queue.shift()!
    for (const imp of meta.inputs[from]?.imports ?? []) {
      if (imp.kind !== 'import-statement') continue
      if (reached.has(imp.path)) continue
      reached.set(imp.path, [...reached.get(from)!, imp.path])
      if (!imp.external) queue.push(imp.path)
    }
  }
  return reached
}

describe('landing and lander JavaScript', () => {
  jest.setTimeout(60_000)
  let graph: Map<string, string[]>

  beforeAll(async () => {
    const result = await build({
      absWorkingDir: root,
      entryPoints: entries,
      bundle: true,
      write: false,
      metafile: true,
      splitting: true,
      format: 'esm',
      outdir: 'out',
      packages: 'external',
      platform: 'browser',
      jsx: 'automatic',
      jsxImportSource: '@emotion/react',
      logLevel: 'silent',
      loader: { '.svg': 'text', '.png': 'file', '.jpg': 'file', '.css': 'empty' },
    })
    graph = staticGraph(result.metafile)
  })

  it('reaches the shell, the landers and the routes', () => {
    expect(graph.has('renderer/page-shell.tsx')).toBe(true)
    expect(graph.has('src/features/accounts/signup-form.tsx')).toBe(true)
    expect([...graph.keys()].filter((k) => k.startsWith('pages/landers/')).length).toBeGreaterThanOrEqual(9)
  })

  it.each(FORBIDDEN_PACKAGES)('does not import %s statically', (pkg) => {
    const hit = [...graph.entries()].find(([k]) => k === pkg || k.startsWith(`${pkg}/`))
    expect(hit ? hit[1].join(' -> ') : null).toBeNull()
  })

  it.each(FORBIDDEN_MODULES)('does not import %s statically', (mod) => {
    expect(graph.get(mod)?.join(' -> ') ?? null).toBeNull()
  })
})

describe('the account calls of the page shell', () => {
  it('name the method and path of their definitions', () => {
    const pairs = [
      [updateUserRef, updateUserEndpoint],
      [logoutRef, logoutEndpoint],
      [signupRef, signupEndpoint],
      [activateResendRef, activateResendEndpoint],
    ] as const
    for (const [ref, def] of pairs) {
      expect({ method: ref.method, path: ref.path }).toEqual({ method: def.method, path: def.path })
      expect(endpointUrl(def)).toBe(ref.path)
    }
  })
})
