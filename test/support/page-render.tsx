// A page as src/server/vike.server.ts serves it, for API tests (test/trust/pages, test/api/chat-page): its +data
// hook run with the viewer's context, the endpoints it calls answered through the app over HTTP as the viewer, an
// abort (render(404)) turned into the error page as Vike does, and the page server-rendered in its layout. The
// tests mock vike/abort and vike/client/router (ESM only) before importing this.
import { renderToString } from 'react-dom/server'
import type { ComponentType } from 'react'
import type { FastifyInstance } from 'fastify'
import type { PageContext, PageContextServer } from 'vike/types'
import { eq } from 'drizzle-orm'
import type { Db } from '../../src/db/client.server'
import { accounts } from '../../src/db/schema'
import { PageShell } from '../../renderer/page-shell'
import { createPageCache } from '../../renderer/emotion-cache'
import { createSessionStore } from '../../src/shared/session/session-store'
import { publicTenant } from '../../src/server/public-tenant.server'
import { presentUser } from '../../src/features/accounts/sessions.server'
import { endpointUrl } from '../../src/shared/api-client'
import type { EndpointDefinition } from '../../src/shared/endpoint'
import ErrorPage from '../../pages/_error/+Page'
import { hostOf } from './app'

export type DataHook = (pc: PageContextServer) => unknown

/** A page at a route: its component, +data hook, layout and the route parameters Vike would give it. */
export interface PageDef {
  Page: ComponentType
  data?: DataHook
  layout?: string
  params?: Record<string, string>
}

export interface RenderedPage<D = unknown> {
  /** 200, or the status of the +data hook's abort (then the error page is rendered). */
  status: number
  html: string
  data: D
  /** The tenant's public settings the page got. */
  settings: ReturnType<typeof publicTenant>['settings']
}

/**
 * Renders `path` of a tenant for a viewer (undefined: a visitor; else a member with the cookie of a session), in
 * Dutch. The endpoints answer as callInProcess does: the body on 2xx, else no body and the error's code.
 */
export async function visitPage<D = unknown>(
  app: FastifyInstance,
  db: Db,
  opts: { tenantId: string; host?: string; viewer?: { id: number; cookie: string }; path: string; def: PageDef },
): Promise<RenderedPage<D>> {
  const { tenantId, viewer, path, def } = opts
  const host = opts.host ?? hostOf(tenantId)
  const tenant = app.services.tenants.byId.get(tenantId)!
  const lng = 'nl' as const
  const i18n = app.services.i18n.forRequest(lng)
  const ctx = { tenant, lng, i18n, t: i18n.t.bind(i18n), country: undefined, account: undefined }
  let user = null
  if (viewer) {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, viewer.id))
    user = await presentUser(db, account, tenant.cdn_prefix)
  }
  const [pathname, search = ''] = path.split('?')
  const pageContext = {
    urlPathname: pathname,
    urlOriginal: path,
    urlParsed: { pathname, search: Object.fromEntries(new URLSearchParams(search)) },
    routeParams: def.params ?? {},
    tenant: publicTenant(app.services, ctx),
    lng,
    user,
    config: { layout: def.layout ?? 'default' },
    i18nServer: i18n,
    services: {
      // The endpoints as the pages call them (decision 026), answered here through HTTP as the viewer.
      call: async (endpoint: EndpointDefinition, input: never) => {
        const res = await app.inject({ method: 'GET', url: endpointUrl(endpoint, input), headers: { host, accept: 'application/json', ...(viewer ? { cookie: viewer.cookie } : {}) } })
        if (res.statusCode >= 200 && res.statusCode < 300) return { status: res.statusCode, body: res.json() }
        const error = (() => {
          try {
            return (res.json() as { error?: string }).error
          } catch {
            return undefined
          }
        })()
        return { status: res.statusCode, body: null, error }
      },
      extraPage: () => undefined,
    },
  } as unknown as PageContextServer & { data?: D; is404?: boolean; abortStatusCode?: 404 }
  let status = 200
  let Page = def.Page
  try {
    if (def.data) pageContext.data = (await def.data(pageContext)) as D
  } catch (e) {
    const abort = (e as { abortStatusCode?: 404 }).abortStatusCode
    if (!abort) throw e
    status = abort
    Page = ErrorPage
    pageContext.is404 = abort === 404
    pageContext.abortStatusCode = abort as 404
    pageContext.config = { layout: 'default' } as never
  }
  const html = renderToString(
    <PageShell pageContext={pageContext as unknown as PageContext} cache={createPageCache()} i18n={i18n} store={createSessionStore(user)}>
      <Page />
    </PageShell>,
  )
  return { status, html, data: pageContext.data as D, settings: (pageContext.tenant as ReturnType<typeof publicTenant>).settings }
}
