// How the database runs the chat's reads of messages (decision 042, fifth and sixth addenda): by pool and
// conversation in the order of messages_pool_conversation_idx (pool, conversation_id, id DESC NULLS LAST), so the
// newest page and the last message are the index's first rows. Two mistakes this catches: ordering by a plain
// "id desc" (nulls first), which made PostgreSQL sort every message of the conversation on each read, and leaving
// the pool out, which walked the primary key backwards through every pool's newer messages. The plans are asked of
// the statements the chat runs (their SQL), with sequential scans off so that a table this small still shows which
// index a large one would use.
import { sql } from 'drizzle-orm'
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import type { Database } from '../../src/db/client.server'
import { messageReadStatement } from '../../src/features/chat/chat.server'

jest.setTimeout(120_000)

/** The values of a statement's placeholders, by name. */
const VALUES: Record<string, string | number> = { pool: 'main', id: 7, before: 1000, after: 10 }

describeEachDb('chat: the plans of the message reads', (kind: DbKind) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  /** The plan of a prepared read, as EXPLAIN EXECUTE prints it, on one connection. */
  async function planOf(name: 'newest' | 'before' | 'last'): Promise<string> {
    const { sql: text, params } = messageReadStatement(database.db, name).getQuery()
    const values = params.map((p) => {
      const key = (p as { name?: string }).name
      return key !== undefined ? VALUES[key] : p
    })
    const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)
    return database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'))
      await tx.execute(sql.raw(`prepare plan_${name} as ${text}`))
      const res = await tx.execute(sql.raw(`explain execute plan_${name}(${values.map(literal).join(', ')})`))
      await tx.execute(sql.raw(`deallocate plan_${name}`))
      return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => r['QUERY PLAN']).join('\n')
    })
  }

  it.each(['newest', 'before', 'last'] as const)('the %s read is the first rows of the pool and conversation in the index, unsorted', async (name) => {
    const plan = await planOf(name)
    expect(plan).toMatch(/Index (Only )?Scan using messages_pool_conversation_idx on messages/)
    expect(plan).toMatch(/Index Cond: \(\(pool = .*\) AND \(conversation_id = .*\)/)
    expect(plan).not.toMatch(/Sort/)
    expect(plan).toMatch(/^Limit/)
  })
})
