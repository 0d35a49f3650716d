// The cluster run's load balancer (http-proxy): every request and every WebSocket upgrade goes to a random instance
// among those that pass the readiness check, as a cloud balancer does. A test may pin a request or an upgrade to
// one instance with the X-Cluster-Instance header (never forwarded), or pin a path (the payment provider's webhook,
// whose caller sets no headers). Every routed request is recorded with the instance that got it.
import http from 'node:http'
import type net from 'node:net'
import httpProxy from 'http-proxy'

export interface Routed {
  method: string
  path: string
  instance: number
  upgrade: boolean
}

export interface Balancer {
  port: number
  /** What went where, in order. */
  log: Routed[]
  /** Sends every request for this path (without query) to this instance. */
  pinPath(path: string, instance: number): void
  /** The instances in rotation now. */
  ready(): number[]
  /** Resolves once exactly these instances are in rotation. */
  waitForRotation(instances: number[], timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

const PIN_HEADER = 'x-cluster-instance'
const CHECK_MS = 200

export async function startBalancer(opts: { port: number; instancePorts: number[]; log?: (line: string) => void }): Promise<Balancer> {
  const targets = opts.instancePorts.map((port) => `http://127.0.0.1:${port}`)
  const inRotation = new Set<number>()
  const pinnedPaths = new Map<string, number>()
  const log: Routed[] = []
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: true })

  /** The instance for a request: its pin header, its path's pin, or a random one in rotation. */
  const choose = (req: http.IncomingMessage): number | undefined => {
    const header = req.headers[PIN_HEADER]
    delete req.headers[PIN_HEADER]
    if (typeof header === 'string') return Number(header)
    const path = (req.url ?? '/').split('?')[0]
    const pinned = pinnedPaths.get(path)
    if (pinned !== undefined) return pinned
    const live = [...inRotation]
    return live.length ? live[Math.floor(Math.random() * live.length)] : undefined
  }
  /** Takes an instance out of rotation, saying why (once per time it goes out). */
  const out = (i: number, why: string) => {
    if (inRotation.delete(i)) opts.log?.(`balancer: instance ${i} out of rotation (${why})`)
  }
  const record = (req: http.IncomingMessage, instance: number, upgrade: boolean) => log.push({ method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0], instance, upgrade })

  // An instance that refuses a connection is out at once (the health check brings it back when it answers).
  proxy.on('error', (err, req, target) => {
    const instance = (req as http.IncomingMessage & { instance?: number }).instance
    if (instance !== undefined && /ECONNREFUSED|ECONNRESET/.test(String((err as NodeJS.ErrnoException).code))) out(instance, err.message)
    if (target instanceof http.ServerResponse) {
      if (!target.headersSent) target.writeHead(502, { 'content-type': 'text/plain' })
      target.end('bad gateway')
    } else (target as net.Socket).destroy()
  })

  const server = http.createServer((req, res) => {
    const instance = choose(req)
    if (instance === undefined) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('no instance ready')
      return
    }
    ;(req as http.IncomingMessage & { instance?: number }).instance = instance
    record(req, instance, false)
    proxy.web(req, res, { target: targets[instance] })
  })
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const instance = choose(req)
    if (instance === undefined) return socket.destroy()
    ;(req as http.IncomingMessage & { instance?: number }).instance = instance
    record(req, instance, true)
    proxy.ws(req, socket, head, { target: targets[instance] })
  })

  // The readiness check: GET /ready every 200 ms; 200 puts an instance in rotation, anything else takes it out.
  let stopped = false
  const check = (i: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(`${targets[i]}/ready`, { timeout: 1000 }, (res) => {
        let body = ''
        res.on('data', (c: Buffer) => (body += c.toString()))
        res.on('end', () => {
          if (res.statusCode === 200) inRotation.add(i)
          else out(i, `/ready answered ${res.statusCode} ${body.slice(0, 300)}`)
          resolve()
        })
      })
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', (err) => {
        out(i, `/ready: ${err.message}`)
        resolve()
      })
    })
  const loop = async () => {
    while (!stopped) {
      await Promise.all(targets.map((_, i) => check(i)))
      await new Promise((r) => setTimeout(r, CHECK_MS))
    }
  }
  void loop()

  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => {
      stopped = true
      reject(err)
    })
    server.listen(opts.port, '127.0.0.1', resolve)
  })
  return {
    port: opts.port,
    log,
    pinPath: (path, instance) => pinnedPaths.set(path, instance),
    ready: () => [...inRotation].sort(),
    async waitForRotation(instances, timeoutMs = 30_000) {
      const want = [...instances].sort().join(',')
      const end = Date.now() + timeoutMs
      while ([...inRotation].sort().join(',') !== want) {
        if (Date.now() > end) throw new Error(`balancer: instances ${[...inRotation].sort().join(',')} in rotation, expected ${want}`)
        await new Promise((r) => setTimeout(r, 50))
      }
    },
    async close() {
      stopped = true
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      proxy.close()
    },
  }
}
