// The search's card query is a prepared statement per filter shape (decision 042, addendum): for every shape it
// must return exactly what the query built per request returns (cardRows with filterConditions), for a member and
// for a visitor, on a first page and after a cursor, with and without blocked members.
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import type { Database } from '../../src/db/client.server'
import { makeMember } from '../../src/features/discovery/test-support/members'
import { blocks, likes } from '../../src/db/schema'
import { fillPlaceholders } from 'drizzle-orm'
import { cardRows, searchCardRows, searchCardStatement, viewerContext } from '../../src/features/discovery/search.server'
import { filterConditions } from '../../src/features/discovery/filters.server'
import type { SearchFilters } from '../../src/shared/discovery-contracts'
import type { Viewer } from '../../src/features/discovery/visibility.server'

jest.setTimeout(120_000)

const FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const

describeEachDb('discovery: the prepared search query', (kind: DbKind) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database.close()
  })

  it('returns the same cards as the unprepared query for every filter shape, page and viewer', async () => {
    const db = database.db
    const year = new Date().getUTCFullYear()
    const country = 'XP'
    const made = []
    // A mixed pool: both genders, two regions, ages 20 to 68, ties in activity, photos public and private, a
    // fictional member, members not to list (invisible, disabled, another pool) and a new member (hidden from visitors).
    const base = Date.now() - 3_600_000
    for (let i = 0; i < 24; i++) {
      made.push(
        await makeMember(db, {
          country: i % 5 === 0 ? 'XQ' : country,
          gender: i % 3 === 0 ? 'male' : 'female',
          region: i % 2 === 0 ? 'R1' : i % 7 === 0 ? null : 'R2',
          birthDate: `${year - 20 - 2 * i}-06-15`,
          lastActiveAt: new Date(base - Math.floor(i / 2) * 60_000),
          fictional: i === 4,
          photos: i % 4 === 0 ? [] : [{ visibility: i % 4 === 1 ? 'private' : 'public' }, { visibility: 'public' }],
          createdAt: i === 6 ? new Date() : undefined,
        }),
      )
    }
    await makeMember(db, { country, invisible: true })
    await makeMember(db, { country, status: 'disabled' })
    await makeMember(db, { country, pool: 'gay' })
    const me = await makeMember(db, { gender: 'male', country, paidUser: true })
    await db.insert(blocks).values([
      { pool: 'main', blockerId: me.id, blockedId: made[2].id },
      { pool: 'main', blockerId: made[5].id, blockedId: me.id },
      // A block recorded under another pool hides no one here (blocks are per pool, as viewerContext reads them).
      { pool: 'gay', blockerId: me.id, blockedId: made[7].id },
      { pool: 'gay', blockerId: made[9].id, blockedId: me.id },
    ])
    await db.insert(likes).values([
      { pool: 'main', likerId: me.id, likedId: made[1].id },
      { pool: 'main', likerId: me.id, likedId: made[8].id },
    ])

    const member: Viewer = { pool: 'main', id: me.id, paidUser: true }
    const visitor: Viewer = { pool: 'main', paidUser: false }
    const { hidden } = await viewerContext(db, member)
    expect(hidden.sort()).toEqual([made[2].id, made[5].id].sort())

    let compared = 0
    for (const [viewer, viewerHidden] of [[member, hidden], [visitor, []], [member, []]] as const) {
      for (let mask = 0; mask < 1 << FIELDS.length; mask++) {
        const all: SearchFilters = { gender: 'female', country, countryregion: 'R1', min_age: 25, max_age: 60 }
        const filters: SearchFilters = {}
        FIELDS.forEach((field, bit) => {
          if (mask & (1 << bit)) Object.assign(filters, { [field]: all[field] })
        })
        const opts = { hidden: [...viewerHidden], limit: 5 }
        const first = await searchCardRows(db, viewer, filters, opts)
        expect(first).toEqual(await cardRows(db, viewer, filterConditions(filters), opts))
        const last = first[first.length - 1]
        if (last) {
          const after: [string, number] = [last.activeAt, last.account.id]
          const next = await searchCardRows(db, viewer, filters, { ...opts, after })
          expect(next).toEqual(await cardRows(db, viewer, filterConditions(filters), { ...opts, after }))
        }
        // Run twice: PostgreSQL switches a prepared statement to its generic plan after five runs.
        expect(await searchCardRows(db, viewer, filters, opts)).toEqual(first)
        // The blocks left out by the statement itself (the search route, decision 042 third addendum): the same rows
        // as with viewerContext's block list given, on every page.
        if (viewerHidden === hidden) {
          for (let run = 0; run < 2; run++) expect(await searchCardRows(db, viewer, filters, { hidden: [], limit: 5, blocksInQuery: true })).toEqual(first)
          if (last) {
            const after: [string, number] = [last.activeAt, last.account.id]
            expect(await searchCardRows(db, viewer, filters, { hidden: [], limit: 5, blocksInQuery: true, after })).toEqual(await cardRows(db, viewer, filterConditions(filters), { ...opts, after }))
          }
        }
        compared++
      }
    }
    expect(compared).toBe(96)
  })

  it('leaves out the viewer, everyone hidden, and a new member for visitors, as the unprepared query does', async () => {
    const db = database.db
    const country = 'XR'
    const a = await makeMember(db, { country })
    const b = await makeMember(db, { country })
    const fresh = await makeMember(db, { country, createdAt: new Date() })
    const me = await makeMember(db, { country, gender: 'female' })
    const viewer: Viewer = { pool: 'main', id: me.id, paidUser: false }
    const ids = (rows: { account: { id: number } }[]) => rows.map((r) => r.account.id).sort()
    for (let run = 0; run < 7; run++) {
      expect(ids(await searchCardRows(db, viewer, { country }, { hidden: [b.id], limit: 10 }))).toEqual([a.id, fresh.id].sort())
      expect(ids(await searchCardRows(db, viewer, { country }, { hidden: [], limit: 10 }))).toEqual([a.id, b.id, fresh.id].sort())
      expect(ids(await searchCardRows(db, { pool: 'main', paidUser: false }, { country }, { hidden: [], limit: 10 }))).toEqual([a.id, b.id, me.id].sort())
    }
    // Blocks left out by the statement, either way; ids given are left out as well (the similar results).
    await db.insert(blocks).values({ pool: 'main', blockerId: a.id, blockedId: me.id })
    for (let run = 0; run < 7; run++) {
      expect(ids(await searchCardRows(db, viewer, { country }, { hidden: [], limit: 10, blocksInQuery: true }))).toEqual([b.id, fresh.id].sort())
      expect(ids(await searchCardRows(db, viewer, { country }, { hidden: [b.id], limit: 10, blocksInQuery: true }))).toEqual([fresh.id])
      // A visitor has no blocks: the option changes nothing.
      expect(ids(await searchCardRows(db, { pool: 'main', paidUser: false }, { country }, { hidden: [], limit: 10, blocksInQuery: true }))).toEqual([a.id, b.id, me.id].sort())
    }
  })

  it('cuts the page before it reads the photos and the likes of its members', async () => {
    const db = database.db
    const country = 'XS'
    for (let i = 0; i < 12; i++) await makeMember(db, { country, gender: 'female', photos: [{ visibility: 'public' }] })
    const me = await makeMember(db, { country, gender: 'male' })
    const viewer: Viewer = { pool: 'main', id: me.id, paidUser: true }
    const filters: SearchFilters = { gender: 'female', country, min_age: 18, max_age: 99 }
    const client = (db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> } }).$client
    for (const opts of [{ hidden: [], limit: 5, blocksInQuery: true }, { hidden: [], limit: 5, after: ['2999-01-01 00:00:00+00', 1] as [string, number] }]) {
      expect(await searchCardRows(db, viewer, filters, opts)).toHaveLength(5)
      const { query, values } = searchCardStatement(db, viewer, filters, opts)
      const { sql: text, params } = query.getQuery()
      const { rows } = await client.query(`explain (format json) ${text}`, fillPlaceholders(params, values))
      type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] }
      const plan = (Object.values(rows[0])[0] as { Plan: PlanNode }[])[0].Plan
      const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)]
      const relations = (node: PlanNode) => new Set(nodes(node).flatMap((n) => n['Relation Name'] ?? []))
      expect([...relations(plan)]).toEqual(expect.arrayContaining(['profiles', 'accounts', 'photos', 'likes']))
      // The page: a limit over the members (profiles and accounts) that reads neither photos nor likes.
      const page = nodes(plan).find((n) => n['Node Type'] === 'Limit' && relations(n).has('profiles'))
      expect(page).toBeDefined()
      expect(relations(page!).has('photos')).toBe(false)
      expect(relations(page!).has('likes')).toBe(false)
    }
  })
})
