// The conversation page /chats/{id} renders its conversation on the server (decision 041, addendum): its +data reads
// it through the chat API's handler as the viewer, and the server's HTML holds the messages, the other member's
// name and the fictional label and warning. Another member's conversation, one of the other pool or a visitor get
// nothing of it: the not-found answer (status 404) or the login card. The chat store stays empty on the server.
// vike/abort and the client router are ESM only; neither runs in these server renders.
jest.mock('vike/abort', () => ({
  render: (status: number) => Object.assign(new Error(`render(${status})`), { abortStatusCode: status }),
}))
jest.mock('vike/client/router', () => ({ navigate: jest.fn(async () => {}), reload: jest.fn(async () => {}), prefetch: jest.fn(async () => {}) }))
import { conversationMembers, conversations, messages } from '../../src/db/schema'
import { describeEachDb } from '../support/db'
import { hostOf, suiteApp } from '../support/app'
import { visitPage, type DataHook } from '../support/page-render'
import { makeMember, type TestMember } from '../../src/features/discovery/test-support/members'
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

  /** /chats/{id} (or /members/{id}/chat) for a viewer (undefined: a visitor): +data, then the page (test/support/page-render). */
  async function visit(viewer: TestMember | undefined, id: number | string, tenantId = 'datingstad', byMember = false) {
    const def = byMember ? { Page: MemberChatPage, data: memberChatData as DataHook } : { Page: ChatPage, data: chatData as DataHook }
    const path = byMember ? `/members/${id}/chat` : `/chats/${id}`
    const page = await visitPage<ConversationPageData>(suite.app, suite.database.db, { tenantId, viewer, path, def: { ...def, layout: 'chat', params: { id: String(id) } } })
    return { data: page.data, html: page.html, settings: page.settings }
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
    const escaped = settings.fictional_warning.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    // The header's label is the one of every other place: the tenant's word, with the warning as its tooltip.
    expect(html).toMatch(new RegExp(`title="${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" data-testid="fictional-label"[^>]*>${settings.fictional_singular}<`))
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
