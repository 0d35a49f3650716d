// Named prepared statements on PGlite. Drizzle's `.prepare(name)` prepares a statement on each PostgreSQL
// connection, but on PGlite its driver runs every execution as an unnamed statement: parsed, analysed and planned
// again each time, inside the one WASM thread that also serves every other request. For the session lookup (five
// tables joined) planning cost two thirds of the query (decision 042, second addendum). `namedOnPglite` gives a
// Drizzle prepared query a named statement on PGlite: parsed once per database, then only bound and executed, so
// PostgreSQL's plan cache can keep its plan (a generic one after five executions, when not costlier).
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'

/** The statements prepared on each PGlite database, by name, with the SQL text they were prepared from. */
const preparedOn = new WeakMap<PGlite, Map<string, { text: string; paramTypes: number[] }>>()

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** The statements this process has prepared on a PGlite database (for tests: name and SQL text). */
export function pgliteStatements(client: PGlite): { name: string; text: string }[] {
  return [...(preparedOn.get(client) ?? [])].map(([name, s]) => ({ name, text: s.text }))
}

/** Runs `text` with `params` as the named statement `name` (prepared on first use), answering as PGlite's query(). */
export async function queryNamed<T>(client: PGlite, name: string, text: string, params: unknown[], options: QueryOptions = {}): Promise<Results<T>> {
  // As PGlite's own query(): after any transaction in progress, one protocol exchange at a time.
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const s = protocol.serialize
      let statements = preparedOn.get(client)
      if (!statements) preparedOn.set(client, (statements = new Map()))
      let statement = statements.get(name)
      if (statement && statement.text !== text) throw new Error(`PGlite statement ${name} was prepared for another query`)
      if (!statement) {
        const { messages } = await client.execProtocol(concat([s.parse({ name, text }), s.describe({ type: 'S', name }), s.sync()]))
        statements.set(name, (statement = { text, paramTypes: parse.parseDescribeStatementResults(messages) }))
      }
      // Parameters as PGlite's query() writes them: its serializer for the parameter's type, else text.
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null
        const serialize = options.serializers?.[statement.paramTypes[i]] ?? client.serializers[statement.paramTypes[i]]
        return serialize ? serialize(value) : String(value)
      })
      try {
        const { messages } = await client.execProtocol(concat([s.bind({ statement: name, values: values as string[] }), s.describe({ type: 'P' }), s.execute({}), s.sync()]))
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>
      } catch (err) {
        // The same fields on the error as PGlite's query() adds.
        if (err instanceof Error) Object.assign(err, { query: text, params })
        throw err
      }
    }),
  )
}

/**
 * A Drizzle prepared query (`.prepare(name)`), run as the named statement `name` when its database is PGlite (its
 * driver keeps the client it runs on as `client`); on PostgreSQL, or inside a transaction (whose client is not the
 * database), it is returned unchanged.
 */
export function namedOnPglite<P extends object>(prepared: P, name: string): P {
  const holder = prepared as { client?: unknown }
  const client = holder.client as PGlite | undefined
  // PGlite itself, not a transaction's client (duck-typed: the server and the pages are bundled apart).
  if (typeof client?.execProtocol !== 'function' || typeof client._runExclusiveQuery !== 'function') return prepared
  holder.client = { query: (text: string, params: unknown[], options?: QueryOptions) => queryNamed(client, name, text, params, options) }
  return prepared
}
