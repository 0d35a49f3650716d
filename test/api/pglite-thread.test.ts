// The embedded database runs in its own thread (decision 049): the server's thread stays free while Postgres works,
// and to the rest of the code the database is PGlite itself: the same rows and types as PGlite in the calling
// thread, its errors with their fields, transactions that commit and roll back, files through COPY, notifications,
// data kept on disk across a close, a dump that opens again, and a clear error once closed.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite, parse, protocol, types } from '@electric-sql/pglite'
import { openDatabase, type Database } from '../../src/db/client.server'
import { PGliteThread } from '../../src/db/pglite-thread.server'
import { queryNamed, resultsOf } from '../../src/db/pglite-statements.server'

jest.setTimeout(60_000)

const PROBE = `create table probe (id bigint primary key, label text, at timestamptz, day date, tags text[], doc jsonb, ok boolean, ratio numeric, raw bytea);
  insert into probe values (1, 'één ''quoted''', '2026-01-02 03:04:05.123456+00', '2026-01-02', '{a,"b c"}', '{"k": [1, 2]}', true, 1.50, '\\x00ff'),
    (2, null, null, null, null, null, null, null, null), (3, 'three', '2026-11-28 10:00:00+01', '2026-11-28', '{}', '[]', false, 0, '')`

describe('PGlite in its own thread', () => {
  let thread: PGliteThread
  let local: PGlite
  beforeAll(async () => {
    thread = await PGliteThread.open()
    local = new PGlite()
    await local.waitReady
    await thread.exec(PROBE)
    await local.exec(PROBE)
    // Two PGlite instances start here (one in a worker): over a minute on a loaded 2-CPU machine in a CI run.
  }, 180_000)
  afterAll(async () => {
    await thread?.close()
    await local?.close()
  })

  it('keeps the calling thread free while a statement runs', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 10)
    try {
      // Postgres busy for about 400 ms: in the calling thread no timer could run meanwhile.
      await thread.query(`select count(*) from generate_series(1, 1000000) g where md5(g::text) like 'ab%'`)
    } finally {
      clearInterval(timer)
    }
    expect(ticks).toBeGreaterThan(3)
  })

  it('answers as PGlite in the calling thread: rows, types and fields of query, exec, sql and describeQuery', async () => {
    const text = 'select id, label, at, day, tags, doc, ok, ratio, raw from probe where id = any($1::bigint[]) and ($2::text is null or label <> $2) order by id'
    for (const params of [[[1, 2, 3], null], [[1, 3], 'three'], [[], null]]) {
      for (const rowMode of ['object', 'array'] as const) {
        expect(await thread.query(text, params, { rowMode })).toEqual(await local.query(text, params, { rowMode }))
      }
    }
    expect(await thread.exec('select 1 as one; select label from probe order by id')).toEqual(await local.exec('select 1 as one; select label from probe order by id'))
    expect(await thread.sql`select ${'x'}::text as v, ${[1, 2]}::int[] as a`).toEqual(await local.sql`select ${'x'}::text as v, ${[1, 2]}::int[] as a`)
    expect(await thread.describeQuery('select label from probe where id = $1')).toEqual(await local.describeQuery('select label from probe where id = $1'))
    // Named statements (decision 042) through the thread too.
    expect(await queryNamed(thread, 'probe_by_id', 'select label from probe where id = $1', [1])).toEqual(await local.query('select label from probe where id = $1', [1]))
  })

  it('reads rows with the query’s parsers over the database’s without copying the database’s, and sees parsers added later', async () => {
    const text = 'select id, at, day, tags, doc from probe order by id'
    // The query's answer as messages: one extended-protocol exchange.
    const s = protocol.serialize
    const { messages } = await thread.execProtocol(Buffer.concat([s.parse({ text }), s.bind({}), s.describe({ type: 'P' }), s.execute({}), s.sync()]))
    // As Drizzle's: dates as Postgres's text.
    const parsers = { [types.TIMESTAMPTZ]: (v: string) => v, [types.DATE]: (v: string) => v }
    for (const rowMode of ['array', 'object'] as const) {
      expect(resultsOf(messages as never, thread.parsers, { rowMode, parsers })).toEqual(parse.parseResults(messages as never, thread.parsers, { rowMode, parsers }))
    }
    // PGlite's own copies every parser of the database on each call; this reads the database's one by one.
    let copies = 0
    const counted = new Proxy(thread.parsers, { ownKeys: (target) => (copies++, Reflect.ownKeys(target)) })
    resultsOf(messages as never, counted, { rowMode: 'array', parsers })
    expect(copies).toBe(0)
    parse.parseResults(messages as never, counted, { rowMode: 'array', parsers })
    expect(copies).toBeGreaterThan(0)
    // A parser the database gains later is used by the query's view made before.
    const defaults = { ...thread.parsers }
    const before = resultsOf<unknown[]>(messages as never, defaults, { rowMode: 'array', parsers })[0].rows[0]
    defaults[types.JSONB] = () => 'parsed later'
    const after = resultsOf<unknown[]>(messages as never, defaults, { rowMode: 'array', parsers })[0].rows[0]
    expect([before[4], after[4]]).toEqual([{ k: [1, 2] }, 'parsed later'])
  })

  it('keeps nothing of the answers it has passed on', async () => {
    // Each answer is about 0.4 MB of rows. The thread once kept every message of every query: 1,000 queries took
    // 150-450 MB more memory, and the server's memory grew without end.
    await thread.exec(`create table rows_probe as select g as id, md5(g::text) as v from generate_series(1, 2000) g`)
    for (let i = 0; i < 100; i++) await thread.query('select * from rows_probe where id > $1', [0])
    const before = process.memoryUsage().rss
    for (let i = 0; i < 800; i++) await thread.query('select * from rows_probe where id > $1', [0])
    expect((process.memoryUsage().rss - before) / 1e6).toBeLessThan(120)
  })

  it('rejects with the database’s error and its fields, and goes on working', async () => {
    const failing = thread.query('insert into probe (id) values ($1)', [1])
    await expect(failing).rejects.toMatchObject({ code: '23505', table: 'probe', constraint: 'probe_pkey', query: 'insert into probe (id) values ($1)', params: [1] })
    await expect(thread.exec('select * from nowhere')).rejects.toMatchObject({ code: '42P01' })
    await expect(queryNamed(thread, 'probe_missing', 'select * from nowhere', [])).rejects.toMatchObject({ code: '42P01' })
    // A parameter that cannot cross to the thread is refused, and the database goes on.
    await expect(thread.query('select $1::text as v', [() => 'a function'])).rejects.toThrow(/could not be cloned/)
    expect((await thread.query('select count(*)::int as n from probe')).rows).toEqual([{ n: 3 }])
  })

  it('commits a transaction, rolls one back on an error, and runs other queries after it, not inside it', async () => {
    await thread.transaction(async (tx) => {
      await tx.query(`insert into probe (id, label) values (10, 'kept')`)
    })
    await expect(
      thread.transaction(async (tx) => {
        await tx.query(`insert into probe (id, label) values (11, 'dropped')`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    await thread.transaction(async (tx) => {
      await tx.query(`insert into probe (id, label) values (12, 'rolled back')`)
      await tx.rollback()
    })
    // A query issued while a transaction is open waits for its end: it sees the committed row.
    let release!: () => void
    const open = thread.transaction(async (tx) => {
      await tx.query(`insert into probe (id, label) values (13, 'late')`)
      await new Promise<void>((resolve) => (release = resolve))
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const outside = thread.query<{ id: number }>('select id from probe where id >= 10 order by id')
    release()
    await open
    expect((await outside).rows.map((r) => Number(r.id))).toEqual([10, 13])
  })

  it('reads and writes files through COPY, and delivers notifications', async () => {
    const csv = '20,from file\n21,also\n'
    await thread.query(`copy probe (id, label) from '/dev/blob' with (format csv)`, [], { blob: new Blob([csv]) })
    expect((await thread.query('select label from probe where id in (20, 21) order by id')).rows).toEqual([{ label: 'from file' }, { label: 'also' }])
    const out = await thread.query(`copy (select id, label from probe where id in (20, 21) order by id) to '/dev/blob' with (format csv)`)
    expect(await out.blob?.text()).toBe(csv)
    // The next query has no file left over.
    expect((await thread.query('select 1 as one')).blob).toBeUndefined()

    const heard: string[] = []
    const unlisten = await thread.listen('probe_news', (payload) => heard.push(payload))
    await thread.query(`select pg_notify('probe_news', 'hello')`)
    await new Promise((resolve) => setTimeout(resolve, 0))
    await unlisten()
    await thread.query(`select pg_notify('probe_news', 'unheard')`)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(heard).toEqual(['hello'])
  })
})

describe('the database on disk through its thread', () => {
  let dir: string
  let database: Database | undefined
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'))
  })
  afterAll(async () => {
    await database?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('keeps what was written across a close, opens a dump of it, and refuses queries once closed', async () => {
    const first = await openDatabase({ dataDir: dir, command: 'test' })
    const client = (first.db as unknown as { $client: PGliteThread }).$client
    expect(client).toBeInstanceOf(PGliteThread)
    await client.exec(`create table kept (v text); insert into kept values ('still here')`)
    const dump = await client.dumpDataDir('none')
    await first.close()
    await expect(client.query('select 1')).rejects.toThrow('PGlite is closed')

    database = await openDatabase({ dataDir: dir, command: 'test' })
    const again = (database.db as unknown as { $client: PGliteThread }).$client
    expect((await again.query('select v from kept')).rows).toEqual([{ v: 'still here' }])

    // A directory that cannot be opened: a clear error, no thread left behind.
    const notADirectory = path.join(dir, 'a-file')
    fs.writeFileSync(notADirectory, 'not a database')
    await expect(PGliteThread.open({ dataDir: notADirectory })).rejects.toThrow(/^PGlite did not open: /)

    const copy = await PGliteThread.open({ loadDataDir: dump })
    try {
      expect((await copy.query('select v from kept')).rows).toEqual([{ v: 'still here' }])
    } finally {
      await copy.close()
    }
  })
})
