// Live events for members' open tabs: each instance keeps its own sockets per account; events for an account
// go through the bus, in-process by default and through Redis pub/sub with REDIS_URL, so a member's tabs on
// any instance receive them. Nothing is stored here: after a reconnect the client catches up from the database.
import crypto from 'node:crypto'
import { EventEmitter } from 'node:events'
import os from 'node:os'
import { Redis } from 'ioredis'
import { closeRedis } from './redis-close.server'

export interface LiveEvent {
  type: string
  [key: string]: unknown
}

export interface LiveSocket {
  send(data: string): void
}

export interface Realtime {
  /** Sends the event to every open socket of these accounts, on every instance. */
  publish(to: number[], event: LiveEvent): Promise<void>
  /** Several events in one go (one Redis message), each to its own accounts; delivered in this order. */
  publishMany(items: Array<{ to: number[]; event: LiveEvent }>): Promise<void>
  /** Registers a socket of an account on this instance; returns the function that removes it. */
  attach(accountId: number, socket: LiveSocket): () => void
  /** Open sockets of an account on this instance. */
  localSockets(accountId: number): number
  /** Whether the account has an open socket on any instance (Redis) or on this one. */
  isOnline(accountId: number): Promise<boolean>
  /** Resolves when the bus answers (Redis PING; at once in process): the readiness check. */
  ping(): Promise<void>
  close(): Promise<void>
}

const CHANNEL = 'live-events'
const RS = '\x1e'
const PRESENCE_TTL_S = 60
/** At most this many records in one bus message (a burst is split into several). */
const MAX_RECORDS_PER_MESSAGE = 200

/**
 * The network stream under a socket, when it has one to cork (a ws WebSocket keeps it as _socket; ws itself corks
 * it around each frame, and nested corks hold until the outermost uncork).
 */
function streamOf(s: LiveSocket): { cork(): void; uncork(): void } | undefined {
  const stream = (s as { _socket?: { cork?: unknown; uncork?: unknown } })._socket
  return stream && typeof stream.cork === 'function' && typeof stream.uncork === 'function' ? (stream as { cork(): void; uncork(): void }) : undefined
}

/** prefix namespaces the Redis channel and keys, so several deployments (or test runs) can share one Redis. */
export function createRealtime(opts: { redisUrl?: string; prefix?: string; log?: (msg: string, err?: unknown) => void } = {}): Realtime {
  const prefix = opts.prefix ?? ''
  const channel = `${prefix}${CHANNEL}`
  const sockets = new Map<number, Set<LiveSocket>>()
  const log = opts.log ?? (() => {})

  // The wire format is records "<account ids>\n<event JSON>" separated by RS (\x1e, which JSON text never holds
  // unescaped): an instance reads the ids, and only when one of them has a socket here sends the event text on
  // as it came, without parsing or serializing it again. One bus message carries the records of every publish
  // of one turn of the event loop (see publishMany); a socket's frames of one bus message leave in one write.
  const deliver = (raw: string) => {
    let bySocket: Map<LiveSocket, string[]> | undefined
    for (const record of raw.split(RS)) {
      const cut = record.indexOf('\n')
      if (cut < 0) continue
      let data: string | undefined
      for (const part of record.slice(0, cut).split(',')) {
        const set = sockets.get(Number(part))
        if (!set) continue
        data ??= record.slice(cut + 1)
        for (const s of set) {
          bySocket ??= new Map()
          const list = bySocket.get(s)
          if (list) list.push(data)
          else bySocket.set(s, [data])
        }
      }
    }
    if (!bySocket) return
    for (const [s, frames] of bySocket) {
      // Corked, the frames of this socket go out in one writev instead of one system call each (the loopback or
      // network stack's cost per call is most of what a delivery costs).
      const stream = frames.length > 1 ? streamOf(s) : undefined
      stream?.cork()
      try {
        for (const data of frames) s.send(data)
      } catch (err) {
        log('realtime: send failed', err)
      } finally {
        stream?.uncork()
      }
    }
  }
  const encode = (to: number[], event: LiveEvent) => `${[...new Set(to)].join(',')}\n${JSON.stringify(event)}`
  let closing = false

  let publishRaw: (raw: string) => Promise<void>
  let presence: { add(id: number): void; remove(id: number): void; online(id: number): Promise<boolean>; ping(): Promise<void>; close(): Promise<void> }
  if (opts.redisUrl) {
    // Auto-pipelining: the commands of one event-loop turn (presence look-ups of several sends, the PUBLISH) leave in
    // one write instead of one system call each; their order and answers are unchanged.
    const pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3, enableAutoPipelining: true })
    const sub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 })
    pub.on('error', (err) => log('realtime: redis error', err))
    sub.on('error', (err) => log('realtime: redis error', err))
    // ioredis subscribes again by itself after a reconnect; a first attempt that fails is only logged.
    sub.subscribe(channel).catch((err: unknown) => log('realtime: subscribe failed', err))
    sub.on('message', (_channel: string, raw: string) => deliver(raw))
    publishRaw = async (raw) => {
      await pub.publish(channel, raw)
    }
    // Presence: per account a sorted set of the instances holding one of its sockets, scored by when that
    // entry expires. Each instance renews its entries while the sockets stay open, so the entries of an
    // instance that died without closing its sockets lapse within PRESENCE_TTL_S; a counter could not tell.
    const instance = `${os.hostname()}:${process.pid}:${crypto.randomBytes(6).toString('hex')}`
    const key = (id: number) => `${prefix}presence:${id}`
    const renew = (ids: Iterable<number>) => {
      const until = Date.now() + PRESENCE_TTL_S * 1000
      const batch = pub.pipeline()
      for (const id of ids) batch.zadd(key(id), until, instance).pexpire(key(id), PRESENCE_TTL_S * 1000)
      return batch.exec()
    }
    const refresh = setInterval(() => {
      if (sockets.size > 0) renew(sockets.keys()).catch((err) => log('realtime: presence renewal failed', err))
    }, (PRESENCE_TTL_S / 3) * 1000)
    refresh.unref()
    presence = {
      add: (id) => void renew([id]).catch((err) => log('realtime: presence failed', err)),
      remove: (id) => void pub.zrem(key(id), instance).catch((err) => log('realtime: presence failed', err)),
      online: async (id) => (await pub.zcount(key(id), Date.now(), '+inf')) > 0,
      ping: async () => {
        await Promise.all([pub.ping(), sub.status === 'ready' ? Promise.resolve() : Promise.reject(new Error(`subscriber ${sub.status}`))])
      },
      close: async () => {
        clearInterval(refresh)
        if (sockets.size > 0) {
          const batch = pub.pipeline()
          for (const id of sockets.keys()) batch.zrem(key(id), instance)
          await batch.exec().catch(() => undefined)
        }
        // QUIT is never auto-pipelined: a PING that is waits for the commands queued before it (a presence removal).
        await pub.ping().catch(() => undefined)
        await Promise.all([closeRedis(pub), closeRedis(sub)])
      },
    }
  } else {
    const bus = new EventEmitter()
    bus.setMaxListeners(0)
    bus.on(CHANNEL, deliver)
    publishRaw = async (raw) => {
      bus.emit(CHANNEL, raw)
    }
    presence = { add: () => {}, remove: () => {}, online: async (id) => (sockets.get(id)?.size ?? 0) > 0, ping: async () => {}, close: async () => {} }
  }

  // Publishes of one turn of the event loop (the answers of several sends that the database returned together)
  // go out as one bus message: one PUBLISH, and one message to read and split on every instance, instead of one
  // per send. The records keep their order.
  let pending: string[] = []
  let waiters: Array<() => void> = []
  let scheduled = false
  const flush = async () => {
    scheduled = false
    const records = pending
    const done = waiters
    pending = []
    waiters = []
    try {
      // Closed meanwhile (shutdown): the bus connection is gone; the clients catch up from the database.
      if (closing) return
      for (let i = 0; i < records.length; i += MAX_RECORDS_PER_MESSAGE) await publishRaw(records.slice(i, i + MAX_RECORDS_PER_MESSAGE).join(RS))
    } catch (err) {
      // A lost live event is caught up from the database on the next load; it never fails the request.
      log('realtime: publish failed', err)
    } finally {
      for (const resolve of done) resolve()
    }
  }
  const publishMany = (items: Array<{ to: number[]; event: LiveEvent }>) => {
    const records = items.filter((i) => i.to.length > 0).map((i) => encode(i.to, i.event))
    if (records.length === 0 || closing) return Promise.resolve()
    for (const r of records) pending.push(r)
    if (!scheduled) {
      scheduled = true
      setImmediate(() => void flush())
    }
    return new Promise<void>((resolve) => waiters.push(resolve))
  }

  return {
    publish: (to, event) => publishMany([{ to, event }]),
    publishMany,
    attach(accountId, socket) {
      let set = sockets.get(accountId)
      if (!set) {
        sockets.set(accountId, (set = new Set()))
        presence.add(accountId)
      }
      set.add(socket)
      return () => {
        const s = sockets.get(accountId)
        if (!s?.delete(socket)) return
        if (s.size === 0) {
          sockets.delete(accountId)
          presence.remove(accountId)
        }
      }
    },
    localSockets: (accountId) => sockets.get(accountId)?.size ?? 0,
    // A socket here answers at once; otherwise the shared presence (Redis) is asked.
    isOnline: async (accountId) => (sockets.get(accountId)?.size ?? 0) > 0 || presence.online(accountId),
    ping: () => presence.ping(),
    close: () => {
      closing = true
      return presence.close()
    },
  }
}
