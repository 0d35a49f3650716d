// A conversation read by its id (the conversation page, GET /api/chat.php?id=) runs prepared statements (decision
// 042, third addendum): the conversation with membership, chat partner, main photo and the other member's read state,
// then its page of messages. It must answer exactly what the read by the other member's id answers (which finds the
// conversation of the pair, then reads it by id), and nothing where the viewer is not a member, is in another pool,
// or the other member is no longer a chat partner (blocked either way, disabled, deleted). The chat list is one
// prepared statement too (fifth addendum).
import { eq } from 'drizzle-orm'
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import type { Database } from '../../src/db/client.server'
import { makeMember, type TestMember } from '../../src/features/discovery/test-support/members'
import { accounts, blocks, conversationMembers, conversations, messages } from '../../src/db/schema'
import { PAGE_SIZE, listChats, readConversation } from '../../src/features/chat/chat.server'

jest.setTimeout(120_000)

const MEDIA = 'https://cdn.example'

describeEachDb('chat: a conversation read by its id', (kind: DbKind) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  /** A conversation of a and b with `count` messages of every kind, the last `unread` of them unread by b. */
  async function conversation(a: TestMember, b: TestMember, count: number, unread = 2) {
    const db = database.db
    const [low, high] = a.id < b.id ? [a, b] : [b, a]
    const [c] = await db.insert(conversations).values({ pool: a.account.pool, memberA: low.id, memberB: high.id, startedBy: a.id }).returning()
    const ids: number[] = []
    for (let i = 0; i < count; i++) {
      const sender = i % 3 === 2 ? b : a
      const kinds = [
        { kind: 'text', body: `Bericht ${i} met "aanhalingstekens", é en ☕` },
        { kind: 'gift', body: null, giftId: 'rose' },
        { kind: 'gif', body: JSON.stringify({ url: 'https://gif.example/a.gif', width: 200, height: 150 }), gifId: 'g1' },
        { kind: 'image', body: JSON.stringify({ filename: `f${i}.webp`, thumbFilename: `t${i}.webp`, blurredFilename: `b${i}.webp` }) },
      ]
      const [m] = await db
        .insert(messages)
        .values({ pool: a.account.pool, conversationId: c.id, senderId: sender.id, clientId: `c-${c.id}-${i}`, credits: i % 4, createdAt: new Date(Date.now() - (count - i) * 1234), ...kinds[i % 4] })
        .returning()
      ids.push(m.id)
    }
    const lastRead = count > unread ? ids[count - unread - 1] : null
    await db.insert(conversationMembers).values([
      { pool: a.account.pool, conversationId: c.id, accountId: a.id, lastReadMessageId: ids.at(-1) ?? null },
      { pool: a.account.pool, conversationId: c.id, accountId: b.id, lastReadMessageId: lastRead, unreadCount: unread },
    ])
    return { id: c.id, ids }
  }

  const viewerOf = (m: TestMember) => ({ pool: m.account.pool, id: m.id, paidUser: m.account.paidUser })

  it('answers what the read by the other member answers: profile, photo, read state, pages', async () => {
    const db = database.db
    const free = await makeMember(db, { gender: 'male' })
    const premium = await makeMember(db, { gender: 'male', paidUser: true })
    const partners = [
      await makeMember(db, { photos: [{ visibility: 'public' }, { visibility: 'private' }] }),
      await makeMember(db, { photos: [{ visibility: 'private' }] }),
      await makeMember(db, { photos: [{ visibility: 'public', status: 'pending' }] }),
      await makeMember(db, { fictional: true, region: null, photos: [{ visibility: 'public' }] }),
      // Still chat partners: an invisible member and one who has not confirmed the e-mail address.
      await makeMember(db, { invisible: true }),
      await makeMember(db, { status: 'not_confirmed' }),
    ]
    const cases: Array<{ viewer: TestMember; other: TestMember; id: number; ids: number[] }> = []
    for (const [i, other] of partners.entries()) {
      for (const viewer of [free, premium]) {
        // Started by either side; few messages, exactly a page, more than a page, none.
        const count = [3, PAGE_SIZE, PAGE_SIZE + 5, 0][(i + (viewer === premium ? 1 : 0)) % 4]
        const c = i % 2 === 0 ? await conversation(viewer, other, count) : await conversation(other, viewer, count)
        cases.push({ viewer, other, ...c })
      }
    }
    // A block in another pool changes nothing here.
    await db.insert(blocks).values({ pool: 'gay', blockerId: partners[0].id, blockedId: free.id })
    // Three times over: PostgreSQL plans a prepared statement generically after five executions.
    for (let run = 0; run < 3; run++) {
      for (const c of cases) {
        const viewer = viewerOf(c.viewer)
        const byId = await readConversation(db, viewer, { conversationId: c.id }, MEDIA)
        expect(byId).toBeDefined()
        expect(byId).toEqual(await readConversation(db, viewer, { memberId: c.other.id }, MEDIA))
        expect(byId!.messages.map((m) => m.id)).toEqual(c.ids.slice(-PAGE_SIZE))
        expect(byId!.has_more).toBe(c.ids.length > PAGE_SIZE)
        // Older pages and what came after an id, the same both ways.
        for (const opts of [{ before: c.ids.at(-3) ?? 1 }, { after: c.ids[1] ?? 0 }]) {
          expect(await readConversation(db, viewer, { conversationId: c.id, ...opts }, MEDIA)).toEqual(await readConversation(db, viewer, { memberId: c.other.id, ...opts }, MEDIA))
        }
      }
    }
    const shown = await readConversation(db, viewerOf(premium), { conversationId: cases[1].id }, MEDIA)
    expect(shown!.conversation.profile.main_image?.filename).toMatch(/^https:\/\/cdn\.example\/media\/orig/)
    expect(shown!.conversation.last_read_by_other).not.toBeNull()
  })

  it('builds no query for a read by id: its statements are prepared once per database', async () => {
    const db = database.db
    const a = await makeMember(db, { gender: 'male' })
    const b = await makeMember(db, { photos: [{ visibility: 'public' }] })
    const c = await conversation(a, b, 5)
    const viewer = viewerOf(a)
    const first = await readConversation(db, viewer, { conversationId: c.id }, MEDIA)
    const select = jest.spyOn(db, 'select')
    const execute = jest.spyOn(db, 'execute')
    try {
      expect(await readConversation(db, viewer, { conversationId: c.id }, MEDIA)).toEqual(first)
      // The statements are built once per database: no query is built for the read.
      expect(select).not.toHaveBeenCalled()
      expect(execute).not.toHaveBeenCalled()
    } finally {
      select.mockRestore()
      execute.mockRestore()
    }
  })

  it('builds no query for a read by the other member where they have a conversation, nor for the chat list', async () => {
    const db = database.db
    const a = await makeMember(db, { gender: 'male' })
    const b = await makeMember(db, { photos: [{ visibility: 'public' }] })
    const c = await conversation(a, b, 5)
    const d = await makeMember(db, { photos: [{ visibility: 'public' }] })
    const older = await conversation(d, a, 3, 1)
    await db.update(conversations).set({ lastMessageAt: new Date(Date.now() - 60_000) }).where(eq(conversations.id, older.id))
    await db.update(conversations).set({ lastMessageAt: new Date() }).where(eq(conversations.id, c.id))
    const viewer = viewerOf(a)
    const first = await readConversation(db, viewer, { memberId: b.id }, MEDIA)
    const list = await listChats(db, viewer, MEDIA)
    const select = jest.spyOn(db, 'select')
    const execute = jest.spyOn(db, 'execute')
    try {
      expect(await readConversation(db, viewer, { memberId: b.id }, MEDIA)).toEqual(first)
      expect(await listChats(db, viewer, MEDIA)).toEqual(list)
      expect(select).not.toHaveBeenCalled()
      expect(execute).not.toHaveBeenCalled()
    } finally {
      select.mockRestore()
      execute.mockRestore()
    }
    // The list: newest first, each with its last message, the other member's read state, unread count and photo.
    expect(list.chats.map((x) => x.conversation.id)).toEqual([c.id, older.id])
    expect(list.chats.map((x) => x.conversation.last_message?.id)).toEqual([c.ids.at(-1), older.ids.at(-1)])
    expect(list.chats[0].conversation.last_read_by_other).toBe(c.ids.at(-3))
    expect(list.chats[1].conversation.last_read_by_other).toBe(older.ids.at(-1))
    expect(list.chats.map((x) => x.num_unread_messages)).toEqual([0, 1])
    expect(list.unreadTotal).toBe(1)
    expect(list.chats.map((x) => x.profile.id)).toEqual([b.id, d.id])
    expect(list.chats[0].profile.main_image?.filename).toMatch(/^https:\/\/cdn\.example\//)
  })

  it('answers nothing to a stranger, another pool, or when the other member is blocked, disabled or deleted', async () => {
    const db = database.db
    const me = await makeMember(db, { gender: 'male' })
    const stranger = await makeMember(db, { gender: 'male' })
    const gay = await makeMember(db, { pool: 'gay', gender: 'male' })
    const ok = await makeMember(db)
    const okConversation = await conversation(me, ok, 4)
    const read = (viewer: { pool: string; id: number; paidUser: boolean }, id: number) => readConversation(db, viewer, { conversationId: id }, MEDIA)
    for (let run = 0; run < 7; run++) {
      expect(await read(viewerOf(me), okConversation.id)).toBeDefined()
      expect(await read(viewerOf(stranger), okConversation.id)).toBeUndefined()
      expect(await read(viewerOf(gay), okConversation.id)).toBeUndefined()
      // The viewer's own id under another pool (another brand's session) does not open it either.
      expect(await read({ pool: 'gay', id: me.id, paidUser: false }, okConversation.id)).toBeUndefined()
      expect(await read(viewerOf(me), okConversation.id + 1_000_000)).toBeUndefined()
    }
    const blocker = await makeMember(db)
    const blocked = await makeMember(db)
    const disabled = await makeMember(db)
    const deleted = await makeMember(db)
    const gone = []
    for (const other of [blocker, blocked, disabled, deleted]) gone.push(await conversation(other, me, 3))
    await db.insert(blocks).values([
      { pool: 'main', blockerId: blocker.id, blockedId: me.id },
      { pool: 'main', blockerId: me.id, blockedId: blocked.id },
    ])
    await db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, disabled.id))
    await db.update(accounts).set({ status: 'deleted' }).where(eq(accounts.id, deleted.id))
    for (let run = 0; run < 7; run++) {
      for (const [i, c] of gone.entries()) {
        expect(await read(viewerOf(me), c.id)).toBeUndefined()
        // The other side of a block does not read it either.
        if (i < 2) expect(await read(viewerOf([blocker, blocked][i]), c.id)).toBeUndefined()
      }
    }
  })
})
