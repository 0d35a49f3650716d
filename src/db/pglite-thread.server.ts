// The embedded database in its own thread (decision 049). PGlite runs Postgres inside WebAssembly on the thread that
// calls it: on the server that was the thread serving every request, so each statement's parsing, planning and
// running (0.5-0.6 ms for a search page's card query) stopped every other request meanwhile. PostgreSQL does that work
// in its own processes. Here a worker thread owns the PGlite database (src/db/pglite-thread.worker.mjs) and answers
// a query with Postgres's raw answers; this side parses them and is, to the rest of the code, PGlite itself. It
// extends PGlite's own base class (as `PGlite` and `PGliteWorker` do) and implements what that class leaves to its
// subclasses (`execProtocol`, the locks, notifications) as PGlite does. `query`, `exec` and `transaction` follow
// PGlite's own step for step, but each query crosses to the thread once: the steps of PGlite's extended query
// (parse, describe, bind, describe, execute, sync) run in the thread, where they are cheap, instead of one crossing
// each (a crossing costs about 20 µs of this thread and 70 µs of waiting).
// PGlite's own `PGliteWorker` is made for browser tabs (leader election with `navigator.locks`), absent in Node 20.
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { Mutex, PGlite, TransactionAbortedError, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite'
import { query as queryTemplate } from '@electric-sql/pglite/template'
import { resultsOf } from './pglite-statements.server'

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0]
type NoticeMessage = InstanceType<typeof protocol.messages.NoticeMessage>
interface ExecProtocolOptions {
  syncToFs?: boolean
  throwOnError?: boolean
  onNotice?: (notice: NoticeMessage) => void
}

/** What PGlite's base class gives its subclasses (it is not exported by name: `PGlite` extends it). */
interface PGliteBase {
  serializers: PGlite['serializers']
  parsers: PGlite['parsers']
  sql: PGlite['sql']
  describeQuery: PGlite['describeQuery']
  refreshArrayTypes: PGlite['refreshArrayTypes']
  _initArrayTypes(options?: { force?: boolean }): Promise<void>
}
const BasePGlite = Object.getPrototypeOf(PGlite) as abstract new () => PGliteBase
for (const method of ['sql', 'describeQuery', '_initArrayTypes'] as const) {
  // A PGlite release that moved these would leave this class without them: fail where the database is opened.
  if (typeof (BasePGlite.prototype as unknown as Record<string, unknown>)[method] !== 'function') {
    throw new Error(`@electric-sql/pglite: its base class no longer has ${method}(); src/db/pglite-thread.server.ts needs a look`)
  }
}

/** The worker's file: beside this one in the sources, which the server runs from (as its migrations). */
export const PGLITE_WORKER_FILE = path.resolve(process.cwd(), 'src/db/pglite-thread.worker.mjs')

export interface PGliteThreadOptions {
  /** The data directory; absent means in memory. */
  dataDir?: string
  /** A data dump to start from (PGlite's `loadDataDir`). */
  loadDataDir?: Blob
  /**
   * Called once if the thread stops on its own (Postgres aborted inside WASM, say): every query after it fails with
   * the same error, as the database is gone. The server stops on it (src/server/main.ts).
   */
  onFailure?: (err: Error) => void
}

type Pending = { resolve: (value: never) => void; reject: (err: Error) => void }

/** Postgres's channel name as PGlite writes it: case-sensitive when quoted, lower case otherwise. */
const postgresName = (channel: string) => (channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase())

/** A PGlite database whose Postgres runs in a worker thread. Open with `PGliteThread.open`. */
export class PGliteThread extends BasePGlite {
  debug = 0 as const
  readonly #worker: Worker
  readonly #pending = new Map<number, Pending>()
  #nextId = 1
  #closed = false
  /** Why the thread stopped, when it stopped on its own. */
  #failure: Error | undefined
  readonly #queryMutex = new Mutex()
  readonly #transactionMutex = new Mutex()
  readonly #listenMutex = new Mutex()
  /** The answers' parser: kept across exchanges and renewed after an error, as PGlite's. */
  #parser = new protocol.Parser()
  /** In a transaction: its queries leave the file system's sync to its end, as PGlite's. */
  #inTransaction = false
  readonly #notifyListeners = new Map<string, Set<(payload: string) => void>>()
  readonly #globalNotifyListeners = new Set<(channel: string, payload: string) => void>()

  private constructor(worker: Worker, onFailure?: (err: Error) => void) {
    super()
    this.#worker = worker
    worker.on('message', (msg: { id: number; result?: unknown; error?: { message: string; name: string } }) => {
      const pending = this.#pending.get(msg.id)
      if (!pending) return
      this.#pending.delete(msg.id)
      if (this.#pending.size === 0) worker.unref()
      if (msg.error) pending.reject(Object.assign(new Error(msg.error.message), { name: msg.error.name }))
      else pending.resolve(msg.result as never)
    })
    const stopped = (err: Error) => {
      const first = !this.#failure && !this.#closed
      this.#failure ??= err
      for (const p of this.#pending.values()) p.reject(this.#failure)
      this.#pending.clear()
      if (first) onFailure?.(err)
    }
    worker.on('error', (err) => stopped(new Error(`The database thread failed: ${err.message}`, { cause: err })))
    worker.on('exit', (code) => stopped(new Error(`The database thread stopped (exit code ${code})`)))
  }

  /** Starts the thread and opens the database in it; resolves when the database is ready. */
  static async open(options: PGliteThreadOptions = {}): Promise<PGliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined
    const worker = new Worker(PGLITE_WORKER_FILE, {
      workerData: { dataDir: options.dataDir, loadDataDir },
      transferList: loadDataDir ? [loadDataDir] : [],
    })
    const ready = await new Promise<{ ready: boolean; error?: { message: string } }>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The database thread stopped while opening (exit code ${code})`))
      worker.once('error', reject)
      worker.once('exit', onExit)
      worker.once('message', (msg) => {
        worker.off('error', reject)
        worker.off('exit', onExit)
        resolve(msg)
      })
    })
    if (!ready.ready) {
      await worker.terminate()
      throw new Error(`PGlite did not open: ${ready.error?.message}`)
    }
    const thread = new PGliteThread(worker, options.onFailure)
    worker.unref()
    try {
      // As PGlite's own start: parsers and serializers for the array types.
      await thread._initArrayTypes()
    } catch (err) {
      await thread.close()
      throw err
    }
    return thread
  }

  #call<T>(op: string, args: Record<string, unknown> = {}, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure)
    const id = this.#nextId++
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref()
      this.#pending.set(id, { resolve: resolve as (value: never) => void, reject })
      try {
        this.#worker.postMessage({ id, op, ...args }, transfer)
      } catch (err) {
        // A parameter that cannot cross (a function, say): refused here, nothing sent.
        this.#pending.delete(id)
        if (this.#pending.size === 0) this.#worker.unref()
        reject(err as Error)
      }
    })
  }

  get closed() {
    return this.#closed
  }

  get ready() {
    return !this.#closed && !this.#failure
  }

  get waitReady() {
    return Promise.resolve()
  }

  async _checkReady() {
    if (this.#closed) throw new Error('PGlite is closed')
    if (this.#failure) throw this.#failure
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn)
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn)
  }

  async runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    return await this._runExclusiveQuery(fn)
  }

  async execProtocolRaw(message: Uint8Array, { syncToFs = true }: ExecProtocolOptions = {}): Promise<Uint8Array> {
    // The message is copied into the worker: the caller may keep its bytes.
    return (await this.#call<{ data: Uint8Array }>('protocol', { message, syncToFs })).data
  }

  async execProtocolRawStream(message: Uint8Array, { syncToFs = true, onRawData }: ExecProtocolOptions & { onRawData: (data: Uint8Array) => void }): Promise<void> {
    onRawData(await this.execProtocolRaw(message, { syncToFs }))
  }

  /** The messages of an answer as PGlite keeps them: up to and with the first error when errors throw, notices reported. */
  #messagesOf(data: Uint8Array, { throwOnError, onNotice }: ExecProtocolOptions): { messages: BackendMessage[]; error?: Error } {
    const messages: BackendMessage[] = []
    let error: Error | undefined
    this.#parser.parse(data, (msg) => {
      if (error) return
      if (msg instanceof protocol.messages.DatabaseError) {
        if (throwOnError) error = msg
      } else if (msg instanceof protocol.messages.NoticeMessage) {
        onNotice?.(msg)
      } else if (msg instanceof protocol.messages.NotificationResponseMessage) {
        const { channel, payload } = msg
        for (const cb of this.#notifyListeners.get(channel) ?? []) queueMicrotask(() => cb(payload))
        for (const cb of this.#globalNotifyListeners) queueMicrotask(() => cb(channel, payload))
      }
      messages.push(msg)
    })
    if (error) this.#parser = new protocol.Parser()
    return { messages, error }
  }

  async execProtocol(message: Uint8Array, { syncToFs = true, throwOnError = true, onNotice }: ExecProtocolOptions = {}): Promise<{ messages: BackendMessage[]; data: Uint8Array }> {
    const data = await this.execProtocolRaw(message, { syncToFs })
    const { messages, error } = this.#messagesOf(data, { throwOnError, onNotice })
    if (error) throw error
    return { messages, data }
  }

  async execProtocolStream(message: Uint8Array, { syncToFs, throwOnError = true, onNotice }: ExecProtocolOptions = {}): Promise<BackendMessage[]> {
    return (await this.execProtocol(message, { syncToFs, throwOnError, onNotice })).messages
  }

  async syncToFs(): Promise<void> {
    await this.#call('syncToFs')
  }

  /**
   * A query's or a simple query's steps in the thread, answered as PGlite does: its rows parsed here with this
   * database's parsers (and the query's), or its first error with the query, its parameters and options on it.
   */
  async #run<T>(op: 'query' | 'exec', text: string, params: unknown[] | undefined, options: QueryOptions = {}): Promise<Results<T>[]> {
    if (options.serializers) throw new Error('PGliteThread: serializers per query are not supported; the thread writes parameters with the database’s own')
    const blob = options.blob ? await options.blob.arrayBuffer() : undefined
    const { data, written } = await this.#call<{ data: Uint8Array; written?: ArrayBuffer }>(
      op,
      { text, params, paramTypes: options.paramTypes, blob, syncToFs: !this.#inTransaction },
      blob ? [blob] : [],
    )
    const { messages, error } = this.#messagesOf(data, { throwOnError: true, onNotice: options.onNotice })
    if (error) throw Object.assign(error, { query: text, params, queryOptions: options })
    return resultsOf<T>(messages as never, this.parsers, options, written ? new Blob([written]) : undefined)
  }

  #query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => (await this.#run<T>('query', text, params, options))[0])
  }

  #exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this._runExclusiveQuery(() => this.#run('exec', text, undefined, options))
  }

  /** One statement with parameters (PGlite's `query`): after any transaction under way. */
  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await this._checkReady()
    return this._runExclusiveTransaction(() => this.#query<T>(text, params, options))
  }

  /** Statements without parameters (PGlite's `exec`): after any transaction under way. */
  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    await this._checkReady()
    return this._runExclusiveTransaction(() => this.#exec(text, options))
  }

  /** PGlite's `transaction`: committed when the callback resolves, rolled back when it throws or asks. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await this._checkReady()
    return this._runExclusiveTransaction(async () => {
      await this.#exec('BEGIN')
      this.#inTransaction = true
      let closed = false
      const open = () => {
        if (closed) throw new Error('Transaction is closed')
      }
      const tx: Transaction = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          open()
          return this.#query<R>(text, params, options)
        },
        sql: async <R>(strings: TemplateStringsArray, ...values: unknown[]) => {
          open()
          const { query, params } = queryTemplate(strings, ...values)
          return this.#query<R>(query, params)
        },
        exec: async (text: string, options?: QueryOptions) => {
          open()
          return this.#exec(text, options)
        },
        rollback: async () => {
          open()
          this.#inTransaction = false
          await this.#exec('ROLLBACK')
          closed = true
        },
        listen: async (channel: string, callback: (payload: string) => void) => {
          open()
          return this.listen(channel, callback, tx)
        },
        get closed() {
          return closed
        },
      }
      try {
        const result = await callback(tx)
        if (!closed) {
          closed = true
          // The end of a transaction syncs the file system, in the same crossing.
          this.#inTransaction = false
          const [commit] = await this.#exec('COMMIT')
          if (commit.command === 'ROLLBACK') {
            throw Object.assign(new TransactionAbortedError(), { query: 'COMMIT', params: undefined, queryOptions: undefined })
          }
        }
        return result
      } catch (err) {
        if (!closed) {
          closed = true
          this.#inTransaction = false
          await this.#exec('ROLLBACK')
        }
        throw err
      } finally {
        this.#inTransaction = false
      }
    })
  }

  async listen(channel: string, callback: (payload: string) => void, tx?: Transaction): Promise<(tx?: Transaction) => Promise<void>> {
    return this.#listenMutex.runExclusive(async () => {
      const name = postgresName(channel)
      const listeners = this.#notifyListeners.get(name) ?? new Set()
      this.#notifyListeners.set(name, listeners.add(callback))
      try {
        await (tx ?? this).exec(`LISTEN ${channel}`)
      } catch (err) {
        listeners.delete(callback)
        if (listeners.size === 0) this.#notifyListeners.delete(name)
        throw err
      }
      return (tx?: Transaction) => this.unlisten(name, callback, tx)
    })
  }

  async unlisten(channel: string, callback?: (payload: string) => void, tx?: Transaction): Promise<void> {
    await this.#listenMutex.runExclusive(async () => {
      const name = postgresName(channel)
      if (callback) {
        this.#notifyListeners.get(name)?.delete(callback)
        if ((this.#notifyListeners.get(name)?.size ?? 0) > 0) return
      }
      await (tx ?? this).exec(`UNLISTEN ${channel}`)
      // Another listener may have come meanwhile.
      if (this.#notifyListeners.get(name)?.size === 0) this.#notifyListeners.delete(name)
      if (!callback) this.#notifyListeners.delete(name)
    })
  }

  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.#globalNotifyListeners.add(callback)
    return () => this.#globalNotifyListeners.delete(callback)
  }

  offNotification(callback: (channel: string, payload: string) => void): void {
    this.#globalNotifyListeners.delete(callback)
  }

  /** The data directory as a tarball, as PGlite's `dumpDataDir`. */
  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File> {
    const { data, name, type } = await this.#queryMutex.runExclusive(async () => {
      await this._checkReady()
      return this.#call<{ data: ArrayBuffer; name: string; type: string }>('dumpDataDir', { compression })
    })
    return new File([data], name, { type })
  }

  /** Waits for the queries and transactions under way, closes the database and stops the thread. */
  async close(): Promise<void> {
    if (this.#closed) return
    await this.#transactionMutex.runExclusive(() =>
      this.#queryMutex.runExclusive(async () => {
        if (this.#closed) return
        this.#closed = true
        try {
          if (!this.#failure) await this.#call('close')
        } finally {
          await this.#worker.terminate()
        }
      }),
    )
  }
}

export type { QueryOptions, Results }
