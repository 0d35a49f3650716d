// Splits a V8 CPU profile (node --cpu-prof) of a serving process into where the time went, by the frames on each
// sampled stack: for bench/ssr's account of a landing request.
import fs from 'node:fs'
import path from 'node:path'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

/** The first bucket whose pattern matches a frame of the stack takes the sample: the order matters. */
const BUCKETS: [string, RegExp][] = [
  ['idle', /^\(idle\) /],
  // Queries: the share of the serving thread (PGlite's own work runs in its thread, PostgreSQL's in its processes).
  ['database (PGlite or the pg driver, Drizzle)', /\/node_modules\/(@electric-sql\/pglite|pg|pg-protocol|pg-pool|drizzle-orm)\//],
  ['page render (renderer/+onRenderHtml: React, Emotion, i18next)', /^onRenderHtml /],
  ['compression (gzip)', /^compressHtml /],
  ['vike (routing, hooks, pageContext, HTML injection, serialization)', /\/node_modules\/(vike|@brillout)\//],
  ['HTTP (Fastify, sockets)', /\/node_modules\/(fastify|find-my-way|light-my-request|@fastify)\/|^\S* node:(net|_http_\w+|internal\/streams)/],
  ['garbage collection', /^\(garbage collector\) /],
]

export interface CpuShares {
  /** Share of the busy (non-idle) time per bucket, 0..1; "other" holds the rest. */
  shares: Record<string, number>
  busyMs: number
}

/**
 * The profile of a process's main thread in a `--cpu-prof-dir`: Node writes one per thread
 * (`CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile`, the main thread's id 0), and on PGlite the database has a
 * thread of its own (decision 049). Undefined when there is none.
 */
export function mainThreadProfile(dir: string): string | undefined {
  const file = fs.readdirSync(dir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f))
  return file && path.join(dir, file)
}

/** Shares of the busy time in the last `lastSeconds` of the profile. */
export function cpuShares(profilePath: string, lastSeconds: number): CpuShares {
  const profile = JSON.parse(fs.readFileSync(profilePath, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const bucketOf = new Map<number, string>()
  const bucketFor = (id: number): string => {
    const known = bucketOf.get(id)
    if (known) return known
    const frames: string[] = []
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const { functionName, url } = byId.get(cur)!.callFrame
      frames.push(`${functionName} ${url}`)
    }
    const bucket = BUCKETS.find(([, re]) => frames.some((f) => re.test(f)))?.[0] ?? 'other'
    bucketOf.set(id, bucket)
    return bucket
  }
  const end = profile.timeDeltas.reduce((a, b) => a + b, 0)
  const start = end - lastSeconds * 1e6
  const totals: Record<string, number> = {}
  let t = 0
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]
    if (t < start) continue
    const bucket = bucketFor(profile.samples[i])
    totals[bucket] = (totals[bucket] ?? 0) + profile.timeDeltas[i]
  }
  const busy = Object.entries(totals).reduce((sum, [k, v]) => (k === 'idle' ? sum : sum + v), 0)
  const shares: Record<string, number> = {}
  for (const [k, v] of Object.entries(totals)) if (k !== 'idle') shares[k] = v / busy
  return { shares, busyMs: busy / 1000 }
}

export const RENDER_BUCKET = BUCKETS.find(([name]) => name.startsWith('page render'))![0]
export const VIKE_BUCKET = BUCKETS.find(([name]) => name.startsWith('vike'))![0]
