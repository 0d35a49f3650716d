// The one WebSocket of a tab to /api/ws: reconnects with exponential backoff (with jitter) and reports each
// (re)connection so the caller can catch up from the API. A close with 4401 (not logged in) ends it, one with 4403
// (banned) too, as the banned event; one with 1012 (the instance is shutting down) reconnects within a quarter second.
import { BANNED_CLOSE_CODE, type LiveServerEvent } from '../../shared/chat-contracts'

export interface SocketLike {
  readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((ev: unknown) => void) | null
  onclose: ((ev: { code: number }) => void) | null
  onmessage: ((ev: { data: unknown }) => void) | null
  onerror: ((ev: unknown) => void) | null
}

export interface LiveSocketOptions {
  url: string
  onEvent(event: LiveServerEvent): void
  /** Called on every open; reconnected is true after a lost connection (time to catch up). */
  onOpen(reconnected: boolean): void
  onDown(): void
  createSocket?: (url: string) => SocketLike
  random?: () => number
  setTimer?: (fn: () => void, ms: number) => unknown
  clearTimer?: (id: unknown) => void
}

const CONNECTING = 0
const OPEN = 1
export const HEARTBEAT_MS = 25_000
/** The close code of an instance going away on purpose (src/server/lifecycle.server.ts, decision 035). */
export const RESTART_CLOSE_CODE = 1012
export const RESTART_RECONNECT_MS = 250
/** Delay before reconnect attempt n (0-based): 1 s doubling to at most 30 s, between half and all of it. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** attempt)
  return Math.round(base * (0.5 + random() * 0.5))
}

export class LiveSocket {
  private socket: SocketLike | undefined
  private attempt = 0
  private everOpen = false
  private stopped = false
  private retryTimer: unknown
  private heartbeat: unknown
  connected = false

  constructor(private opts: LiveSocketOptions) {}

  private get setTimer() {
    return this.opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms))
  }
  private get clearTimer() {
    return this.opts.clearTimer ?? ((id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>))
  }

  start() {
    this.stopped = false
    this.connect()
  }

  private connect() {
    if (this.stopped) return
    const create = this.opts.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike)
    let socket: SocketLike
    try {
      socket = create(this.opts.url)
    } catch {
      this.scheduleRetry()
      return
    }
    this.socket = socket
    socket.onopen = () => {
      const reconnected = this.everOpen
      this.everOpen = true
      this.attempt = 0
      this.connected = true
      this.beat()
      this.opts.onOpen(reconnected)
    }
    socket.onmessage = (ev) => {
      let event: LiveServerEvent | { type: 'hello' | 'pong' }
      try {
        event = JSON.parse(String(ev.data)) as LiveServerEvent | { type: 'hello' | 'pong' }
      } catch {
        return
      }
      if (event.type === 'hello' || event.type === 'pong') return
      this.opts.onEvent(event as LiveServerEvent)
    }
    socket.onerror = () => {
      // A close follows every error; reconnecting is decided there.
    }
    socket.onclose = (ev) => {
      if (this.socket !== socket) return
      this.socket = undefined
      const wasConnected = this.connected
      this.connected = false
      this.clearTimer(this.heartbeat)
      if (wasConnected) this.opts.onDown()
      // 4401: the server does not know this member (logged out): polling takes over, no reconnect loop.
      if (ev.code === 4401) return
      // 4403: the member was banned while this socket was away: the same as the banned event it missed.
      if (ev.code === BANNED_CLOSE_CODE) return this.opts.onEvent({ type: 'banned' })
      // 1012: the instance is shutting down on purpose (server's RESTART_CLOSE_CODE): another one is up, so
      // reconnect within a quarter second (spread, so a closed instance's sockets do not all come at once).
      if (ev.code === RESTART_CLOSE_CODE && wasConnected) return this.scheduleRetry(Math.round(RESTART_RECONNECT_MS * (this.opts.random ?? Math.random)()))
      this.scheduleRetry()
    }
  }

  private beat() {
    this.clearTimer(this.heartbeat)
    this.heartbeat = this.setTimer(() => {
      if (this.connected) this.send({ type: 'ping' })
      if (this.connected) this.beat()
    }, HEARTBEAT_MS)
  }

  private scheduleRetry(delay?: number) {
    if (this.stopped) return
    this.clearTimer(this.retryTimer)
    this.retryTimer = this.setTimer(() => this.connect(), delay ?? backoffDelay(this.attempt++, this.opts.random))
  }

  /** Reconnects at once when down (the browser came back online or the tab became visible). */
  nudge() {
    if (this.stopped || this.socket) return
    this.clearTimer(this.retryTimer)
    this.connect()
  }

  send(event: { type: 'typing'; conversation_id: number } | { type: 'ping' }): boolean {
    const s = this.socket
    if (!s || s.readyState !== OPEN) return false
    try {
      s.send(JSON.stringify(event))
      return true
    } catch {
      return false
    }
  }

  stop() {
    this.stopped = true
    this.clearTimer(this.retryTimer)
    this.clearTimer(this.heartbeat)
    const s = this.socket
    this.socket = undefined
    this.connected = false
    if (!s) return
    // A socket still connecting is closed once it opens: closing it now aborts the handshake, which the browser
    // reports on the console ("closed before the connection is established") on every logout or quick page change.
    s.onmessage = null
    if (s.readyState === CONNECTING) s.onopen = () => s.close(1000, 'bye')
    else s.close(1000, 'bye')
  }
}
