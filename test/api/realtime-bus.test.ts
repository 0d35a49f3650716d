// The live-event bus (src/server/realtime.server.ts, docs/decisions/044): the publishes of one turn of the event
// loop travel as one bus message (one PUBLISH with Redis), in order, and a socket's frames of one bus message
// leave corked, in one write.
import { Redis } from 'ioredis'
import { createRealtime, type LiveSocket } from '../../src/server/realtime.server'

/** A socket like ws's: send() and the network stream under it (_socket), counting corks and writes. */
function fakeSocket() {
  const log: string[] = []
  let corked = 0
  const stream = {
    cork: () => {
      corked++
      log.push('cork')
    },
    uncork: () => {
      corked--
      log.push('uncork')
    },
  }
  const socket: LiveSocket & { _socket: typeof stream } = {
    _socket: stream,
    send: (data: string) => log.push(corked > 0 ? `corked ${data}` : `alone ${data}`),
  }
  return { socket, log }
}

const tick = () => new Promise((r) => setImmediate(r))

describe('live-event bus in process', () => {
  test('publishes of one turn reach a socket in order, corked together; a single frame goes alone', async () => {
    const realtime = createRealtime()
    const a = fakeSocket()
    const b = fakeSocket()
    realtime.attach(1, a.socket)
    realtime.attach(2, b.socket)
    await Promise.all([
      realtime.publish([1], { type: 'message', n: 1 }),
      realtime.publishMany([
        { to: [1], event: { type: 'balance', n: 2 } },
        { to: [2], event: { type: 'unread', n: 3 } },
      ]),
    ])
    expect(a.log).toEqual(['cork', 'corked {"type":"message","n":1}', 'corked {"type":"balance","n":2}', 'uncork'])
    expect(b.log).toEqual(['alone {"type":"unread","n":3}'])
    // A later turn is a new bus message.
    await realtime.publish([2], { type: 'unread', n: 4 })
    expect(b.log).toEqual(['alone {"type":"unread","n":3}', 'alone {"type":"unread","n":4}'])
    await realtime.close()
  })

  test('a socket that throws does not keep the others from their events', async () => {
    const realtime = createRealtime()
    const good = fakeSocket()
    realtime.attach(1, { send: () => { throw new Error('closed') } })
    realtime.attach(1, good.socket)
    await realtime.publish([1], { type: 'message', n: 1 })
    await tick()
    expect(good.log).toEqual(['alone {"type":"message","n":1}'])
    await realtime.close()
  })
})

const REDIS_URL = process.env.REDIS_URL
const describeRedis = REDIS_URL ? describe : describe.skip

describeRedis('live-event bus on Redis', () => {
  test('the publishes of one turn are one PUBLISH, and every instance delivers them', async () => {
    const prefix = `test-bus-${process.pid}-${Date.now()}:`
    const spy = new Redis(REDIS_URL!)
    const seen: string[] = []
    await spy.subscribe(`${prefix}live-events`)
    spy.on('message', (_channel: string, raw: string) => seen.push(raw))
    const one = createRealtime({ redisUrl: REDIS_URL, prefix })
    const two = createRealtime({ redisUrl: REDIS_URL, prefix })
    const there = fakeSocket()
    two.attach(7, there.socket)
    // Both instances and the spy subscribed (a connection that is ready may not have subscribed yet).
    const admin = new Redis(REDIS_URL!)
    for (let i = 0; i < 100; i++) {
      const [, count] = (await admin.pubsub('NUMSUB', `${prefix}live-events`)) as [string, number]
      if (Number(count) >= 3) break
      await new Promise((r) => setTimeout(r, 50))
    }
    await admin.quit()
    await Promise.all([1, 2, 3].map((n) => one.publish([7], { type: 'message', n })))
    for (let i = 0; i < 50 && there.log.length < 5; i++) await new Promise((r) => setTimeout(r, 20))
    expect(seen).toHaveLength(1)
    expect(seen[0].split('\x1e')).toHaveLength(3)
    expect(there.log).toEqual(['cork', 'corked {"type":"message","n":1}', 'corked {"type":"message","n":2}', 'corked {"type":"message","n":3}', 'uncork'])
    await Promise.all([one.close(), two.close(), spy.quit()])
  })
})
