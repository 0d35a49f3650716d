// The bare React renderToString of the landing page in one process, for seconds; prints JSON {rps, p50, p99}.
import createEmotionServer from '@emotion/server/create-instance'
import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import type { PageContext } from 'vike/types'
import { createI18nService } from '../src/server/i18n.server'
import { loadTenants } from '../src/server/tenants.server'
import { publicTenant } from '../src/server/public-tenant.server'
import { PageShell } from '../renderer/page-shell'
import { createPageCache } from '../renderer/emotion-cache'
import { createSessionStore } from '../src/shared/session/session-store'
import { LandingPage } from '../src/features/landing/landing-page'
import type { Services } from '../src/server/context.server'

const seconds = Number(process.argv[2] ?? 10)
const tenants = await loadTenants()
const i18nService = createI18nService()
const tenant = tenants.byId.get('datingstad')!
const services = { i18n: i18nService, vapid: { publicKey: 'k', privateKey: 'p' } } as unknown as Services

function renderOnce() {
  const i18n = i18nService.forRequest('nl')
  const ctx = { tenant, lng: 'nl' as const, i18n, t: i18n.t.bind(i18n), country: undefined, account: undefined }
  const pageContext = { tenant: publicTenant(services, ctx), lng: 'nl', user: null, config: { layout: 'default' } } as unknown as PageContext
  const cache = createPageCache()
  const emotion = createEmotionServer(cache)
  const html = renderToString(createElement(PageShell, { pageContext, cache, i18n, store: createSessionStore(null), children: createElement(LandingPage) }))
  return html + emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html))
}

for (let i = 0; i < 200; i++) renderOnce() // warm up
const times: number[] = []
const cpu0 = process.cpuUsage()
const end = performance.now() + seconds * 1000
while (performance.now() < end) {
  const t0 = performance.now()
  renderOnce()
  times.push(performance.now() - t0)
}
const cpu = process.cpuUsage(cpu0)
times.sort((a, b) => a - b)
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]
// cpuMs: CPU time per render, which other work on the machine hardly changes (see LoadResult.cpuMs).
console.log(JSON.stringify({ rps: times.length / seconds, p50: at(0.5), p99: at(0.99), cpuMs: (cpu.user + cpu.system) / 1000 / times.length }))
