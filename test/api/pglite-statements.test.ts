// On PGlite every Drizzle prepared query with a name (among them the session lookup, the search's viewer and card
// queries) runs as a named statement, parsed once and then only bound and executed (decision 042, second and third
// addenda): the same rows as PGlite's own query(), every parameter and column type as before, one SQL text per name,
// errors that leave the database usable, statements prepared again when gone, a bounded number of them, and
// transactions untouched.
import { eq, sql } from 'drizzle-orm'
import { PGlite } from '@electric-sql/pglite'
import { openTestDatabase } from '../support/db'
import type { Database } from '../../src/db/client.server'
import { accounts, blocks, profiles } from '../../src/db/schema'
import { MAX_PGLITE_STATEMENTS, pgliteStatements, queryNamed } from '../../src/db/pglite-statements.server'
import { makeMember } from '../../src/features/discovery/test-support/members'
import { accountForSession, createSession } from '../../src/features/accounts/sessions.server'
import { searchCardRows, viewerContext } from '../../src/features/discovery/search.server'
import { warmUp } from '../../src/server/warm-up.server'
import type { Services } from '../../src/server/context.server'

jest.setTimeout(60_000)

type Prepared = { name: string; generic_plans: number; custom_plans: number; statement: string }
const preparedIn = async (client: PGlite) => (await client.query<Prepared>('select name, generic_plans, custom_plans, statement from pg_prepared_statements order by name')).rows

describe('named statements on PGlite', () => {
  let database: Database
  let client: PGlite
  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    client = (database.db as unknown as { $client: PGlite }).$client
  })
  afterAll(async () => {
    await database?.close()
  })

  it('answers as PGlite’s query() for every parameter and column type, in both row modes', async () => {
    await client.exec(`create table named_probe (id bigint primary key, label text, at timestamptz, day date, tags text[], doc jsonb, ok boolean, ratio numeric)`)
    await client.query(`insert into named_probe values (1, 'één ''quoted''', '2026-01-02 03:04:05.123456+00', '2026-01-02', '{a,"b c"}', '{"k": [1, 2]}', true, 1.50),
      (2, null, null, null, null, null, null, null), (3, 'three', now(), current_date, '{}', '[]', false, 0)`)
    const text = 'select id, label, at, day, tags, doc, ok, ratio from named_probe where id = any($1::bigint[]) and ($2::text is null or label <> $2) order by id'
    const parsers = { 1184: (v: string) => v, 1082: (v: string) => v }
    for (const params of [[[1, 2, 3], null], [[1, 3], 'three'], [[], null], [[2], 'x']]) {
      for (const options of [{ rowMode: 'array' as const, parsers }, { rowMode: 'object' as const }, {}]) {
        const own = await client.query(text, params, options)
        const named = await queryNamed(client, 'probe_types', text, params, options)
        expect(named.rows).toEqual(own.rows)
        expect(named.fields).toEqual(own.fields)
        expect(named.rows.length).toBe(own.rows.length)
      }
    }
    // Parsed once: one statement of that name, its executions counted by PostgreSQL's plan cache.
    const [probe] = (await preparedIn(client)).filter((p) => p.name === 'probe_types')
    expect(probe.statement).toBe(text)
    expect(Number(probe.generic_plans) + Number(probe.custom_plans)).toBe(12)
  })

  it('refuses another query under a prepared name, and a failed execution leaves the database usable', async () => {
    await expect(queryNamed(client, 'probe_types', 'select 1', [])).rejects.toThrow(/another query/)
    const text = 'select $1::bigint + 1 as next'
    await expect(queryNamed(client, 'probe_fail', text, ['not a number'])).rejects.toThrow(/invalid input syntax for type bigint/)
    expect((await queryNamed<{ next: number }>(client, 'probe_fail', text, [41])).rows).toEqual([{ next: 42 }])
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
    await expect(queryNamed(client, 'probe_syntax', 'selec 1', [])).rejects.toThrow(/syntax error/)
    expect((await queryNamed<{ next: number }>(client, 'probe_fail', text, [1])).rows).toEqual([{ next: 2 }])
  })

  it('gives every Drizzle prepared query with a name a named statement on the database, and leaves a transaction’s queries alone', async () => {
    const { db } = database
    const member = await makeMember(db)
    const build = (on: typeof db, name: string) => on.select({ id: accounts.id, email: accounts.email, createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.id, sql.placeholder('id'))).prepare(name)
    const plain = await db.select({ id: accounts.id, email: accounts.email, createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.id, member.id))
    const before = (await preparedIn(client)).length
    // A query without a name stays PGlite's unnamed statement.
    expect(plain).toHaveLength(1)
    expect((await preparedIn(client)).length).toBe(before)
    const named = build(db, 'probe_drizzle')
    expect(await named.execute({ id: member.id })).toEqual(plain)
    // Relational queries too, and a second prepared query of the same text under the same name.
    const relational = db.query.accounts.findFirst({ columns: { id: true, email: true }, where: eq(accounts.id, sql.placeholder('id')) }).prepare('probe_relational')
    expect(await relational.execute({ id: member.id })).toEqual({ id: member.id, email: member.account.email })
    expect(await build(db, 'probe_drizzle').execute({ id: member.id })).toEqual(plain)
    const names = (await preparedIn(client)).map((p) => p.name)
    expect(names).toEqual(expect.arrayContaining(['probe_drizzle', 'probe_relational']))
    expect((await preparedIn(client)).length).toBe(before + 2)
    // While a transaction holds the database, a named statement waits for it (as PGlite's query() does); the
    // transaction's own prepared query is Drizzle's unnamed one.
    let inside: unknown
    const [, during] = await Promise.all([
      db.transaction(async (tx) => {
        const txQuery = build(tx as unknown as typeof db, 'probe_tx')
        await tx.update(accounts).set({ credits: 77 }).where(eq(accounts.id, member.id))
        inside = await txQuery.execute({ id: member.id })
      }),
      named.execute({ id: member.id }),
    ])
    expect(inside).toEqual(plain)
    expect(during).toEqual(plain)
    expect((await preparedIn(client)).map((p) => p.name)).not.toContain('probe_tx')
  })

  it('refuses another SQL text under a name in use, as node-postgres does', async () => {
    const { db } = database
    expect(() => db.select({ id: accounts.id }).from(accounts).prepare('probe_drizzle')).toThrow(/another query/)
    const [probe] = (await preparedIn(client)).filter((p) => p.name === 'probe_drizzle')
    expect(probe.statement).toMatch(/"email"/)
    // A failed Parse leaves no name behind: the name can then be given to a text that parses.
    const broken = db.select({ id: accounts.id }).from(accounts).where(sql`${accounts.id} = 'x'::nonexistent_type`).prepare('probe_broken')
    await expect(broken.execute()).rejects.toThrow(/nonexistent_type/)
    expect(await db.select({ one: sql<number>`1` }).from(accounts).limit(1).prepare('probe_broken').execute()).toEqual([{ one: 1 }])
  })

  it('prepares a statement again when it is gone or its columns changed, and keeps a bounded number', async () => {
    const { db } = database
    const member = await makeMember(db)
    const named = db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, sql.placeholder('id'))).prepare('probe_again')
    expect(await named.execute({ id: member.id })).toEqual([{ id: member.id }])
    await client.exec('deallocate all')
    expect(await named.execute({ id: member.id })).toEqual([{ id: member.id }])
    await client.exec(`create table probe_columns (id int, label text); insert into probe_columns values (1, 'a')`)
    const text = 'select * from probe_columns'
    expect((await queryNamed(client, 'probe_columns', text, [])).rows).toEqual([{ id: 1, label: 'a' }])
    await client.exec(`alter table probe_columns alter column id type bigint`)
    expect((await queryNamed(client, 'probe_columns', text, [])).rows).toEqual([{ id: 1, label: 'a' }])
    // The statement used longest ago is closed when more than MAX_PGLITE_STATEMENTS names are in use.
    for (let i = 0; i < MAX_PGLITE_STATEMENTS + 10; i++) await queryNamed(client, `probe_many_${i}`, `select ${i} as i`, [])
    expect(await preparedIn(client)).toHaveLength(MAX_PGLITE_STATEMENTS)
    expect(pgliteStatements(client)).toHaveLength(MAX_PGLITE_STATEMENTS)
    const live = (await preparedIn(client)).map((p) => p.name)
    expect(live).not.toContain('probe_again')
    expect(live).not.toContain('probe_many_0')
    expect(live).toContain(`probe_many_${MAX_PGLITE_STATEMENTS + 9}`)
    // A closed one is prepared again on its next use.
    expect(await named.execute({ id: member.id })).toEqual([{ id: member.id }])
    expect((await queryNamed<{ i: number }>(client, 'probe_many_0', 'select 0 as i', [])).rows).toEqual([{ i: 0 }])
    expect((await preparedIn(client)).map((p) => p.name)).toEqual(expect.arrayContaining(['probe_again', 'probe_many_0']))
    expect(await preparedIn(client)).toHaveLength(MAX_PGLITE_STATEMENTS)
  })

  it('runs the session lookup and the search’s queries as named statements, with the same answers', async () => {
    const { db } = database
    const me = await makeMember(db, { gender: 'male', paidUser: true })
    const other = await makeMember(db, { gender: 'female', photos: [{ visibility: 'public' }] })
    const blocked = await makeMember(db, { gender: 'female' })
    await db.insert(blocks).values({ pool: 'main', blockerId: me.id, blockedId: blocked.id })
    const [account] = await db.select().from(accounts).where(eq(accounts.id, me.id))
    const token = await createSession(db, account, 'datingstad')
    for (let i = 0; i < 7; i++) {
      expect((await accountForSession(db, token, { id: 'datingstad', pool: 'main' }))?.id).toBe(me.id)
      expect(await accountForSession(db, token, { id: 'rijpedates', pool: 'main' })).toBeUndefined()
      const viewer = { id: me.id, pool: 'main', paidUser: true }
      const { hidden } = await viewerContext(db, viewer)
      expect(hidden).toEqual([blocked.id])
      const ids = (await searchCardRows(db, viewer, { gender: 'female', min_age: 18, max_age: 99 }, { hidden, limit: 50 })).map((r) => r.account.id)
      expect(ids).toContain(other.id)
      expect(ids).not.toContain(blocked.id)
      expect(ids).not.toContain(me.id)
    }
    const names = (await preparedIn(client)).map((p) => p.name)
    expect(names).toEqual(expect.arrayContaining(['session_account', 'search_viewer']))
    expect(names.some((n) => /^search_cards_m_\w*_first$/.test(n))).toBe(true)
    expect(pgliteStatements(client).map((s) => s.name).sort()).toEqual([...names].sort())
    // The profile the search reads is changed: the next execution sees it (a statement keeps its plan, not its rows).
    await db.update(profiles).set({ searchable: false }).where(eq(profiles.accountId, other.id))
    const after = await searchCardRows(db, { id: me.id, pool: 'main', paidUser: true }, { gender: 'female', min_age: 18, max_age: 99 }, { hidden: [blocked.id], limit: 50 })
    expect(after.map((r) => r.account.id)).not.toContain(other.id)
  })

  it('has planner statistics after the warm-up (PGlite runs no autovacuum to gather them)', async () => {
    const analysed = async () =>
      (await client.query<{ relname: string }>(`select relname from pg_stat_user_tables where last_analyze is not null and relname in ('accounts', 'profiles', 'sessions', 'photos', 'likes', 'blocks')`)).rows.map((r) => r.relname).sort()
    expect(await analysed()).toEqual([])
    const services = { database, tenants: { all: [] }, realtime: { ping: async () => undefined } } as unknown as Pick<Services, 'database' | 'tenants' | 'realtime'>
    await warmUp(services)
    expect(await analysed()).toEqual(['accounts', 'blocks', 'likes', 'photos', 'profiles', 'sessions'])
  })
})
