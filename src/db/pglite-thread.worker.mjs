// The embedded database's own thread (decision 049). This worker owns the PGlite database and answers the server's
// protocol exchanges with Postgres's raw answer, so the database's work (parsing, planning and running statements
// inside WASM) no longer runs on the thread that serves requests. The server's side, which parses the answers and
// gives the rest of the code PGlite's own query, exec and transaction, is src/db/pglite-thread.server.ts.
// Plain JavaScript: a worker is started from a file, and the same file serves `tsx`, jest and the production build.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, parse, protocol } from '@electric-sql/pglite'

/** @type {{ dataDir?: string, loadDataDir?: ArrayBuffer }} */
const options = workerData
/** @type {import('node:worker_threads').MessagePort} */
const port = /** @type {never} */ (parentPort)

/** Joins the chunks of one answer; the answer's buffer is handed over to the server's thread, not copied. */
const concat = (chunks) => {
  if (chunks.length === 1) return chunks[0]
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}

/** An error as plain fields (a worker's Error loses its own fields on the way). */
const plainError = (err) => ({ message: err instanceof Error ? err.message : String(err), name: err instanceof Error ? err.name : 'Error' })

let db
try {
  db = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined })
  await db.waitReady
  port.postMessage({ ready: true })
} catch (err) {
  port.postMessage({ ready: false, error: plainError(err) })
}

/**
 * One request at a time, in the order they came: the server's thread already sends one exchange at a time (PGlite's
 * query and transaction locks live there), and a close waits for what was sent before it.
 */
let queue = Promise.resolve()

const s = protocol.serialize

/** Whether Postgres's answer holds an error: each message is a type byte and a length that counts itself. */
const hasError = (data) => {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  for (let at = 0; at + 5 <= data.length; at += 1 + view.getInt32(at + 1)) if (data[at] === 0x45 /* E */) return true
  return false
}

/** The parameter types of the statement just described. */
const parameterTypes = (data) => {
  const messages = []
  new protocol.Parser().parse(data, (msg) => messages.push(msg))
  return parse.parseDescribeStatementResults(messages)
}

/**
 * One protocol exchange with Postgres: its raw answer, in one buffer. Always through PGlite's raw stream, which hands
 * the answer over as it comes and parses nothing here. PGlite's plain raw call would parse it too, and keep every
 * message it parsed until its next `execProtocol`, which this thread never calls: every row of every query, for good.
 */
async function exchange(message, syncToFs) {
  const chunks = []
  await db.execProtocolRawStream(message, { syncToFs, onRawData: (bytes) => chunks.push(bytes.slice()) })
  return chunks.length ? concat(chunks) : new Uint8Array(0)
}

/**
 * Runs a query the way PGlite's own `query()` and `exec()` do, step by step with a Sync at the end, and answers with
 * all of Postgres's answers and what a `COPY ... TO '/dev/blob'` wrote. In the thread: one exchange with the server's
 * thread per query, not one per step.
 */
async function run({ blob, syncToFs }, steps) {
  const answers = []
  const step = async (message) => {
    const data = await exchange(message, false)
    answers.push(data)
    return data
  }
  await db._handleBlob(blob ? new Blob([blob]) : undefined)
  try {
    await steps(step)
  } finally {
    await step(s.sync())
    await db._cleanupBlob()
  }
  if (syncToFs) await db.syncToFs()
  const data = concat(answers)
  const file = await db._getWrittenBlob()
  const written = file ? await file.arrayBuffer() : undefined
  return { result: { data, written }, transfer: written ? [data.buffer, written] : [data.buffer] }
}

const handlers = {
  /** A protocol exchange as it is (named statements, decision 042): Postgres's raw answer. */
  async protocol({ message, syncToFs }) {
    const data = await exchange(message, syncToFs)
    return { result: { data }, transfer: [data.buffer] }
  },
  /**
   * PGlite's `query()`: parse, describe, bind with the parameters written by PGlite's serializer for each
   * parameter's type (its own, array types among them), describe, execute; up to the first error.
   */
  async query({ text, params, paramTypes, ...options }) {
    return run(options, async (step) => {
      if (hasError(await step(s.parse({ text, types: paramTypes })))) return
      const described = await step(s.describe({ type: 'S' }))
      if (hasError(described)) return
      const types = parameterTypes(described)
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null
        const serialize = db.serializers[types[i]]
        return serialize ? serialize(param) : param.toString()
      })
      for (const message of [s.bind({ values }), s.describe({ type: 'P' }), s.execute({})]) if (hasError(await step(message))) return
    })
  },
  /** PGlite's `exec()`: the simple query protocol, any number of statements. */
  async exec({ text, ...options }) {
    return run(options, (step) => step(s.query(text)))
  },
  async syncToFs() {
    await db.syncToFs()
    return { result: null }
  },
  async dumpDataDir({ compression }) {
    const file = await db.dumpDataDir(compression)
    const data = await file.arrayBuffer()
    return { result: { data, name: file.name ?? 'pgdata.tar', type: file.type }, transfer: [data] }
  },
  async close() {
    await db.close()
    return { result: null }
  },
}

port.on('message', ({ id, op, ...args }) => {
  queue = queue.then(async () => {
    try {
      const { result, transfer } = await handlers[op](args)
      port.postMessage({ id, result }, transfer ?? [])
    } catch (err) {
      port.postMessage({ id, error: plainError(err) })
    }
  })
})
