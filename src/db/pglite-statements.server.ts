// Named prepared statements on PGlite. Drizzle's `.prepare(name)` prepares a statement on each PostgreSQL
// connection, but on PGlite its driver runs every execution as an unnamed statement: parsed, analysed and planned
// again each time, inside the one WASM thread that also serves every other request. For the session lookup (five
// tables joined) planning cost two thirds of the query (decision 042, second addendum). `nameStatementsOnPglite`,
// applied where the PGlite database is opened (client.server.ts), gives every Drizzle prepared query with a name a
// named statement: parsed once per database, then only bound and executed, so PostgreSQL's plan cache can keep its
// plan (a generic one after five executions, when not costlier).
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'
import { is, type TablesRelationalConfig } from 'drizzle-orm'
import { PgliteSession } from 'drizzle-orm/pglite'

/**
 * At most this many named statements live on one PGlite database; the one used longest ago is closed to make room
 * (the search alone has at most 128 card query shapes, decision 042).
 */
export const MAX_PGLITE_STATEMENTS = 256

type Statement = { text: string; paramTypes: number[] }

/** What named statements need of a PGlite database: PGlite itself, or PGlite in its own thread (`PGliteThread`). */
export type PGliteClient = Pick<PGlite, 'execProtocol' | '_runExclusiveTransaction' | '_runExclusiveQuery' | 'serializers' | 'parsers'>
/** The statements prepared on each PGlite database, by name (least recently used first), with their SQL text. */
const preparedOn = new WeakMap<PGliteClient, Map<string, Statement>>()

const statementsOf = (client: PGliteClient) => {
  let statements = preparedOn.get(client)
  if (!statements) preparedOn.set(client, (statements = new Map()))
  return statements
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

type Parsers = PGlite['parsers']
/** The query's parsers over the database's, by query's parsers object (see `resultsOf`). */
const parserViews = new WeakMap<object, Parsers>()

/**
 * PGlite's `parse.parseResults`, without its copy: given a query's own parsers it copies the database's 300-odd into a
 * new object first, 60 µs on every query, and Drizzle gives every query its own (decision 049). The same lookup: the
 * query's parsers with the database's as their prototype, made once per query's parsers object (Drizzle keeps one
 * per prepared query), so parsers the database adds later (`refreshArrayTypes`) are seen.
 */
export function resultsOf<T>(messages: Parameters<typeof parse.parseResults>[0], defaults: Parsers, options: QueryOptions, blob?: Blob): Results<T>[] {
  if (!options.parsers) return parse.parseResults(messages, defaults, options, blob) as Results<T>[]
  let view = parserViews.get(options.parsers)
  if (!view || Object.getPrototypeOf(view) !== defaults) {
    view = Object.assign(Object.create(defaults) as Parsers, options.parsers)
    parserViews.set(options.parsers, view)
  }
  return parse.parseResults(messages, view, { ...options, parsers: undefined }, blob) as Results<T>[]
}

const anotherQuery = (name: string) => new Error(`PGlite statement ${name} was prepared for another query (a statement name stands for one SQL text)`)

/**
 * The statement is gone (26000: deallocated by someone else) or its result columns changed under it (0A000, "cached
 * plan must not change result type", after a table's columns changed): nothing ran, it can be prepared again.
 */
const isStale = (err: unknown) => {
  const { code, message } = err as { code?: string; message?: string }
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(message ?? ''))
}

/** The statements this process has prepared on a PGlite database (for tests: name and SQL text). */
export function pgliteStatements(client: PGliteClient): { name: string; text: string }[] {
  return [...(preparedOn.get(client) ?? [])].map(([name, s]) => ({ name, text: s.text }))
}

async function prepareNamed(client: PGliteClient, statements: Map<string, Statement>, name: string, text: string): Promise<Statement> {
  const s = protocol.serialize
  const close: Uint8Array[] = []
  // Room for one more: the least recently used statement is closed on the database (in the same exchange).
  for (const old of statements.keys()) {
    if (statements.size < MAX_PGLITE_STATEMENTS) break
    statements.delete(old)
    close.push(s.close({ type: 'S', name: old }))
  }
  // Closing a statement that does not exist is no error: this one is also closed should an older one of its name
  // still be there (a stale one, see isStale).
  close.push(s.close({ type: 'S', name }))
  const { messages } = await client.execProtocol(concat([...close, s.parse({ name, text }), s.describe({ type: 'S', name }), s.sync()]))
  const statement = { text, paramTypes: parse.parseDescribeStatementResults(messages) }
  statements.set(name, statement)
  return statement
}

async function executeNamed<T>(client: PGliteClient, name: string, text: string, params: unknown[], options: QueryOptions): Promise<Results<T>> {
  const s = protocol.serialize
  const statements = statementsOf(client)
  let statement = statements.get(name)
  if (statement && statement.text !== text) throw anotherQuery(name)
  if (statement) {
    // Used last: the last to be closed.
    statements.delete(name)
    statements.set(name, statement)
  } else {
    statement = await prepareNamed(client, statements, name, text)
  }
  // Parameters as PGlite's query() writes them: its serializer for the parameter's type, else text.
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null
    const serialize = options.serializers?.[statement.paramTypes[i]] ?? client.serializers[statement.paramTypes[i]]
    return serialize ? serialize(value) : String(value)
  })
  const { messages } = await client.execProtocol(concat([s.bind({ statement: name, values: values as string[] }), s.describe({ type: 'P' }), s.execute({}), s.sync()]))
  return resultsOf<T>(messages, client.parsers, options)[0]
}

/** Runs `text` with `params` as the named statement `name` (prepared on first use), answering as PGlite's query(). */
export async function queryNamed<T>(client: PGliteClient, name: string, text: string, params: unknown[], options: QueryOptions = {}): Promise<Results<T>> {
  // As PGlite's own query(): after any transaction in progress, one protocol exchange at a time.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      try {
        try {
          return await executeNamed<T>(client, name, text, params, options)
        } catch (err) {
          if (!isStale(err)) throw err
          // Prepared again, once; a second failure is the caller's.
          statementsOf(client).delete(name)
          return await executeNamed<T>(client, name, text, params, options)
        }
      } catch (err) {
        // The same fields on the error as PGlite's query() adds.
        if (err instanceof Error) Object.assign(err, { query: text, params })
        throw err
      }
    }),
  )
}

type PrepareQuery = PgliteSession<Record<string, unknown>, TablesRelationalConfig>['prepareQuery']

/**
 * Makes every Drizzle prepared query with a name (`.prepare(name)`, also of relational queries) built on `db` run as
 * the named statement `name` on `client`, the PGlite database `db` was made on. As on PostgreSQL (node-postgres
 * refuses it per connection), a name stands for one SQL text: preparing or running another text under a name that is
 * prepared is refused. Queries without a name, and every query of a transaction (its session is Drizzle's own, made
 * per transaction on the transaction's client), are left as Drizzle runs them.
 */
export function nameStatementsOnPglite(db: object, client: PGliteClient): void {
  const session = (db as { session?: unknown }).session
  if (!is(session, PgliteSession)) throw new Error('nameStatementsOnPglite: not a Drizzle database on PGlite')
  const prepareQuery: PrepareQuery = session.prepareQuery.bind(session)
  session.prepareQuery = ((query, fields, name, ...rest) => {
    const prepared = prepareQuery(query, fields, name, ...rest)
    if (name === undefined) return prepared
    const live = preparedOn.get(client)?.get(name)
    if (live && live.text !== query.sql) throw anotherQuery(name)
    // Drizzle's PGlite query runs `this.client.query(text, params, options)`: that client becomes the named one.
    const holder = prepared as unknown as { client: unknown }
    if (holder.client !== client) throw new Error('nameStatementsOnPglite: Drizzle’s prepared query no longer keeps its client')
    holder.client = { query: (text: string, params: unknown[], options?: QueryOptions) => queryNamed(client, name, text, params, options) }
    return prepared
  }) as PrepareQuery
}
