// A socket on /api/ws that collects its events, for API tests of live delivery.
import type { FastifyInstance } from 'fastify'
import type WebSocket from 'ws'

export async function liveSocket(app: FastifyInstance, host: string, cookie: string) {
  const events: Array<Record<string, unknown>> = []
  const ws: WebSocket = await app.injectWS('/api/ws', { headers: { host, cookie } })
  ws.on('message', (raw: Buffer) => events.push(JSON.parse(raw.toString())))
  /** The first collected event of a type (removed from the list), waiting up to timeoutMs for it. */
  const next = async (type: string, timeoutMs = 3000) => {
    const end = Date.now() + timeoutMs
    while (Date.now() < end) {
      const i = events.findIndex((e) => e.type === type)
      if (i >= 0) return events.splice(i, 1)[0]
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error(`no ${type} event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)
  }
  return { ws, events, next }
}
