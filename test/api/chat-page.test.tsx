// The conversation page /chats/{id} renders its conversation on the server (decision 041, addendum): its +data reads
// it through the chat API's handler as the viewer, and the server's HTML holds the messages, the other member's
// name and the fictional label and warning. Another member's conversation, one of the other pool or a visitor get
// nothing of it: the not-found answer (status 404) or the login card. The chat store stays empty on the server.
import { renderToString } from 'react-dom/server'
import type { PageContext, PageContextServer } from 'vike/types'
import { eq } from 'drizzle-orm'

// vike/abort and the client router are ESM only; neither runs in these server renders.
jest.mock('vike/abort', () => ({
  render: (status: number) => Object.assign(new Error(`render(${status})`), { abortStatusCode: status }),
}))
jest.mock('vike/client/router', () => ({ navigate: jest.fn(async () => {}), reload: jest.fn(async () => {}), prefetch: jest.fn(async () => {}) }))
import { accounts, conversationMembers, conversations, messages } from '../../src/db/schema'
import { describeEachDb } from '../support/db'
import { hostOf, suiteApp } from '../support/app'
import { makeMember, type TestMember } from '../../src/features/discovery/test-support/members'
import { PageShell } from '../../renderer/page-shell'
import { createPageCache } from '../../renderer/emotion-cache'
import { createSessionStore } from '../../src/shared/session/session-store'
import { publicTenant } from '../../src/server/public-tenant.server'
import { presentUser } from '../../src/features/accounts/sessions.server'
import { endpointUrl } from '../../src/shared/api-client'
import type { EndpointDefinition } from '../../src/shared/endpoint'
import { chatStore } from '../../src/features/chat/chat-store'
import type { ConversationPageData } from '../../src/features/chat/page-data.server'
import ChatPage from '../../pages/chats/@id/+Page'
import { data as chatData } from '../../pages/chats/@id/+data'
import MemberChatPage from '../../pages/members/@id/chat/+Page'
import { data as memberChatData } from '../../pages/members/@id/chat/+data'

jest.setTimeout(60_000)

describeEachDb('conversation page: rendered on the server', (kind) => {
  const suite = suiteApp(kind)

  async function conversationOf(a: TestMember, b: TestMember, texts: Array<[TestMember, string]>) {
    const { db } = suite.database
    const pool = a.account.pool
    const [lo, hi] = a.id < b.id ? [a, b] : [b, a]
    const [conv] = await db.insert(conversations).values({ pool, memberA: lo.id, memberB: hi.id, startedBy: a.id }).returning()
    await db.insert(conversationMembers).values([
      { pool, conversationId: conv.id, accountId: a.id },
      { pool, conversationId: conv.id, accountId: b.id },
    ])
    for (const [from, body] of texts) await db.insert(messages).values({ pool, conversationId: conv.id, senderId: from.id, clientId: `page-${conv.id}-${body.length}-${from.id}`, kind: 'text', body })
    return conv.id
  }

  /** /chats/{id} for a viewer (undefined: a visitor), as src/server/vike.server.ts renders it: +data, then the page. */
  async function visit(viewer: TestMember | undefined, id: number | string, tenantId = 'datingstad', byMember = false) {
    const { app } = suite
    const tenant = app.services.tenants.byId.get(tenantId)!
    const lng = 'nl' as const
    const i18n = app.services.i18n.forRequest(lng)
    const ctx = { tenant, lng, i18n, t: i18n.t.bind(i18n), country: undefined, account: undefined }
    let user = null
    if (viewer) {
      const [account] = await suite.database.db.select().from(accounts).where(eq(accounts.id, viewer.id))
      user = await presentUser(suite.database.db, account, tenant.cdn_prefix)
    }
    const path = byMember ? `/members/${id}/chat` : `/chats/${id}`
    const [Page, data] = byMember ? [MemberChatPage, memberChatData] : [ChatPage, chatData]
    const pageContext = {
      urlPathname: path,
      urlOriginal: path,
      urlParsed: { pathname: path, search: {} },
      routeParams: { id: String(id) },
      tenant: publicTenant(app.services, ctx),
      lng,
      user,
      config: { layout: 'chat' },
      i18nServer: i18n,
      services: {
        // The endpoint as the page calls it (decision 026), answered here through HTTP as the viewer.
        call: async (def: EndpointDefinition, input: never) => {
          const res = await app.inject({ method: 'GET', url: endpointUrl(def, input), headers: { host: hostOf(tenantId), accept: 'application/json', ...(viewer ? { cookie: viewer.cookie } : {}) } })
          return { status: res.statusCode, body: res.statusCode === 200 ? res.json() : null }
        },
        extraPage: () => undefined,
      },
    } as unknown as PageContextServer & { data?: ConversationPageData }
    pageContext.data = await data(pageContext)
    const html = renderToString(
      <PageShell pageContext={pageContext as unknown as PageContext} cache={createPageCache()} i18n={i18n} store={createSessionStore(user)}>
        <Page />
      </PageShell>,
    )
    return { data: pageContext.data, html, settings: pageContext.tenant.settings }
  }

  it('renders the member\'s own conversation: the other member\'s name and the messages, not "Laden…"', async () => {
    const me = await makeMember(suite.database.db, { name: 'Eigenaar', gender: 'male' })
    const other = await makeMember(suite.database.db, { name: 'Annemarie', gender: 'female' })
    const id = await conversationOf(me, other, [
      [me, 'Hoi Annemarie, hoe is het?'],
      [other, 'Goed hoor, en met jou?'],
    ])
    const { data, html } = await visit(me, id)
    expect(data.httpStatus).toBeUndefined()
    // Exactly what GET /api/chat.php answers this member, nothing more.
    const api = await suite.app.inject({ method: 'GET', url: `/api/chat.php?id=${id}`, headers: { host: hostOf('datingstad'), cookie: me.cookie } })
    expect(data.conversation).toEqual(api.json())
    expect(html).toContain('data-testid="conversation"')
    expect(html).toContain('Annemarie')
    expect(html).toContain('Hoi Annemarie, hoe is het?')
    expect(html).toContain('Goed hoor, en met jou?')
    // The conversation column is not the loading state any more (the list beside it still loads in the browser).
    expect(html).not.toMatch(/<section aria-busy="true"/)
    // The server render left the browser's store alone (it is shared between requests there).
    expect(chatStore.messages).toEqual({})
    expect(chatStore.openConversationId).toBeNull()
  })

  it('renders /members/{id}/chat too: the conversation with that member, or the empty one about to begin', async () => {
    const me = await makeMember(suite.database.db, { gender: 'male' })
    const other = await makeMember(suite.database.db, { name: 'Wilhelmina' })
    await conversationOf(me, other, [[other, 'Zullen we afspreken?']])
    const existing = await visit(me, other.id, 'datingstad', true)
    expect(existing.html).toContain('Wilhelmina')
    expect(existing.html).toContain('Zullen we afspreken?')
    const stranger = await makeMember(suite.database.db, { name: 'Gerdien' })
    const fresh = await visit(me, stranger.id, 'datingstad', true)
    expect(fresh.data.conversation?.conversation.id).toBeNull()
    expect(fresh.html).toContain('data-testid="conversation"')
    expect(fresh.html).toContain('Gerdien')
    // The icebreakers open after hydration, as before, not in the server's HTML.
    expect(fresh.html).not.toContain('data-testid="icebreakers"')
    // A member of the other pool: not found.
    const elsewhere = await makeMember(suite.database.db, { pool: 'gay', gender: 'male', name: 'Anders Zwembad' })
    const refused = await visit(me, elsewhere.id, 'datingstad', true)
    expect(refused.data).toEqual({ conversation: null, notFound: true, httpStatus: 404 })
    expect(refused.html).not.toContain('Anders Zwembad')
  })

  it('keeps the fictional label and warning in the server\'s HTML', async () => {
    const me = await makeMember(suite.database.db, { gender: 'male' })
    const fictional = await makeMember(suite.database.db, { name: 'Fictieve Fleur', fictional: true })
    const id = await conversationOf(me, fictional, [[fictional, 'Hallo daar!']])
    const { html, settings } = await visit(me, id)
    expect(html).toContain('Hallo daar!')
    expect(html).toMatch(new RegExp(`data-testid="fictional-label"[^>]*>${settings.fictional_singular}<`))
    const escaped = settings.fictional_warning.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    expect(html).toContain(`role="note"`)
    expect(html).toContain(escaped)
  })

  it('shows another member\'s conversation to nobody else: not found (404), nothing of it in the HTML', async () => {
    const a = await makeMember(suite.database.db, { name: 'Bertha Geheim' })
    const b = await makeMember(suite.database.db, { name: 'Cornelis Geheim', gender: 'male' })
    const id = await conversationOf(a, b, [[a, 'Een geheim bericht']])
    const outsider = await makeMember(suite.database.db, { gender: 'male' })
    const otherPool = await makeMember(suite.database.db, { pool: 'gay', gender: 'male' })
    for (const [viewer, tenantId] of [[outsider, 'datingstad'], [otherPool, 'mannenmatch']] as const) {
      const { data, html } = await visit(viewer, id, tenantId)
      expect(data).toEqual({ conversation: null, notFound: true, httpStatus: 404 })
      expect(html).toContain('Dit gesprek bestaat niet (meer).')
      for (const secret of ['Bertha Geheim', 'Cornelis Geheim', 'Een geheim bericht']) expect(html).not.toContain(secret)
    }
    // An id that is no id at all: the same.
    expect((await visit(outsider, 'abc')).data).toEqual({ conversation: null, notFound: true, httpStatus: 404 })
    // A visitor: the login card, nothing read.
    const visitor = await visit(undefined, id)
    expect(visitor.data).toEqual({ conversation: null })
    expect(visitor.html).toContain('Log in om je berichten te lezen en te schrijven.')
    expect(visitor.html).not.toContain('Een geheim bericht')
  })
})
