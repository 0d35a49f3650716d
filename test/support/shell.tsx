// The real page shell (renderer/page-shell.tsx) around a component, for jsdom tests: a demo tenant's public
// settings, the i18next instance of a language, a session store and a layout, as a browser page gets them.
import type { ReactElement, ReactNode } from 'react'
import { render, type RenderResult } from '@testing-library/react'
import createCache from '@emotion/cache'
import type { i18n as I18n } from 'i18next'
import type { PageContext } from 'vike/types'
import { PageShell } from '../../renderer/page-shell'
import type { LayoutName } from '../../renderer/types'
import { createI18nService } from '../../src/server/i18n.server'
import { publicTenant } from '../../src/server/public-tenant.server'
import type { Services } from '../../src/server/context.server'
import { createSessionStore, type SessionState } from '../../src/shared/session/session-store'
import type { PresentedUser } from '../../src/shared/contracts'
import type { Locale } from '../../src/shared/locales'
import { demoTenants } from './tenants'

// Made once per test file: the translations, the demo tenants and the few services publicTenant reads (it keeps
// one public tenant per tenant and language for them, as the server does).
const i18nService = createI18nService()
const tenants = demoTenants()
const services = { i18n: i18nService, vapid: { publicKey: 'k', privateKey: 'p' } } as unknown as Services

export interface ShellOptions {
  /** A demo tenant's id (test/support/tenants.ts); 'datingstad' by default. */
  tenant?: string
  /** The page's language; 'nl' by default. */
  lng?: Locale
  /** The logged-in member, or null for a visitor; by default the store's user, else null. */
  user?: PresentedUser | null
  /** 'default' by default. */
  layout?: LayoutName
  /** More page context (urlPathname, routeParams, data, is404 and so on), laid over the rest. */
  extra?: Partial<PageContext>
  /** The session store to share between renders; by default a new one for the user on every shell. */
  store?: SessionState
}

/**
 * The page context (routeParams {} unless extra names them) and i18next instance of a page, and `shell`, which
 * wraps children in the page shell with them: call it again for the same page in a rerender or a hydration.
 * Each shell gets a new Emotion cache, as a page load does.
 */
export function shellContext(opts: ShellOptions = {}): { pageContext: PageContext; i18n: I18n; shell: (children: ReactNode) => ReactElement } {
  const tenant = tenants.byId.get(opts.tenant ?? 'datingstad')
  if (!tenant) throw new Error(`no demo tenant ${opts.tenant}`)
  const lng = opts.lng ?? 'nl'
  const user = opts.user !== undefined ? opts.user : (opts.store?.user ?? null)
  const i18n = i18nService.forRequest(lng)
  const ctx = { tenant, lng, i18n, t: i18n.t.bind(i18n), country: undefined, account: undefined }
  const pageContext = {
    tenant: publicTenant(services, ctx),
    lng,
    user,
    config: { layout: opts.layout ?? 'default' },
    routeParams: {},
    ...opts.extra,
  } as unknown as PageContext
  const shell = (children: ReactNode) => (
    <PageShell pageContext={pageContext} cache={createCache({ key: 'css' })} i18n={i18n} store={opts.store ?? createSessionStore(user)}>
      {children}
    </PageShell>
  )
  return { pageContext, i18n, shell }
}

/** Renders children in the page shell; with the page context and the tenant's public settings it was given. */
export function renderInShell(children: ReactNode, opts: ShellOptions = {}): RenderResult & { pageContext: PageContext; settings: PageContext['tenant']['settings'] } {
  const { pageContext, shell } = shellContext(opts)
  return { ...render(shell(children)), pageContext, settings: pageContext.tenant.settings }
}
