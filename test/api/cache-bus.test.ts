// Cache invalidation across instances (decision 035): a SIGHUP to one instance reloads the tenants of every
// instance of the same database, through Redis. Needs REDIS_URL (skipped without it, with the reason).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createCacheBus } from '../../src/server/cache-bus.server'
import { reloadTenantsLive } from '../../src/server/tenants.server'
import type { TenantRegistry } from '../../src/server/tenants.server'
import { eventually } from '../support/eventually'

jest.setTimeout(30_000)
const REDIS_URL = process.env.REDIS_URL
const prefix = `test-bus-${process.pid}-${Date.now()}:`

if (!REDIS_URL) {
  describe('cache bus', () => {
    it.skip('needs REDIS_URL (skipped: REDIS_URL is not set)', () => {})
  })
} else {
  describe('cache bus', () => {
    it('tells the other instances, never itself, and only those of the same database', async () => {
      const a = createCacheBus({ redisUrl: REDIS_URL, prefix })
      const b = createCacheBus({ redisUrl: REDIS_URL, prefix })
      const other = createCacheBus({ redisUrl: REDIS_URL, prefix: `${prefix}other:` })
      const seen: string[] = []
      a.on('tenants', () => seen.push('a'))
      b.on('tenants', () => seen.push('b'))
      other.on('tenants', () => seen.push('other'))
      // Each instance listens before anything is announced (a fixed wait lost the message on a loaded machine).
      await Promise.all([a.ready, b.ready, other.ready])
      a.announce('tenants')
      await eventually(() => expect(seen.length).toBeGreaterThan(0), 5_000)
      await new Promise((r) => setTimeout(r, 200))
      expect(seen).toEqual(['b'])
      await Promise.all([a.close(), b.close(), other.close()])
    })

    it('a SIGHUP to one instance reloads the tenants of the others', async () => {
      const lines: string[] = []
      // Two instances' reload loops; instance B's SIGHUP handler is not installed (another process in real life).
      const registry = {} as TenantRegistry
      const a = createCacheBus({ redisUrl: REDIS_URL, prefix })
      const b = createCacheBus({ redisUrl: REDIS_URL, prefix })
      const busB = { announce: (t: string) => b.announce(t), on: (t: string, fn: () => void) => b.on(t, fn) }
      const stopB = reloadTenantsLive(registry, { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'bus-tenants-')), log: (l) => lines.push(`B ${l}`), bus: busB })
      process.off('SIGHUP', process.listeners('SIGHUP').at(-1) as () => void)
      await Promise.all([a.ready, b.ready])
      a.announce('tenants')
      await eventually(() => expect(lines.length).toBeGreaterThan(0), 5_000)
      // B read its tenant files again because A was told to (the folder here is empty: the reload is refused).
      expect(lines[0]).toMatch(/^B \[tenants\] reload(ed| refused) \(another instance reloaded\)/)
      stopB()
      await Promise.all([a.close(), b.close()])
    })
  })
}
