// Finding 3 of issue 17: web push reaches public push services only. Loopback, private, link-local and
// unique-local endpoints are refused when a browser subscribes and again when the worker sends (a host name
// that resolves to such an address included), and the connection is pinned to the address checked.
import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describeEachDb } from '../support/db'
import { loggedInMember, suiteApp } from '../support/app'
import { startPushService, type PushService } from '../support/push-service'
import { pushSubscriptions } from '../../src/db/schema'
import { createPushSender } from '../../src/features/notifications/push.server'
import { isPublicAddress, pinnedPushAgent, pushEndpointAllowed, PushHostRefused } from '../../src/features/notifications/push-host.server'
import { loadConfig } from '../../src/server/config.server'

jest.setTimeout(60_000)

const HOST = { host: 'datingstad.nl' }
const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' }
const NOT_PUBLIC = ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '224.0.0.1']

describe('push hosts (unit)', () => {
  it('only public unicast addresses count as public', () => {
    for (const a of NOT_PUBLIC) expect([a, isPublicAddress(a)]).toEqual([a, false])
    for (const a of ['142.250.180.10', '2a00:1450:400e:80c::200a']) expect(isPublicAddress(a)).toBe(true)
  })

  it('a subscription endpoint must be https on a public host name', () => {
    expect(pushEndpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true)
    expect(pushEndpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/abc', false)).toBe(true)
    for (const bad of ['http://fcm.googleapis.com/x', 'https://127.0.0.1/x', 'https://[::1]/x', 'https://10.0.0.1/x', 'https://169.254.169.254/latest', 'https://[fd00::1]/x', 'https://2130706433/x', 'https://0x7f000001/x', 'https://localhost/x', 'https://push.localhost/x', 'https://printer.local/x', 'https://user:pw@fcm.googleapis.com/x']) {
      expect([bad, pushEndpointAllowed(bad, false)]).toEqual([bad, false])
    }
    expect(pushEndpointAllowed('https://127.0.0.1:8443/x', true)).toBe(true)
  })

  it('at send time a name resolving to a non-public address is refused, a public one is pinned', async () => {
    for (const address of ['127.0.0.1', '10.0.0.7', '169.254.169.254', 'fd12::1']) {
      await expect(pinnedPushAgent('https://push.example.com/x', { timeoutMs: 1000, resolve: async () => [{ address, family: address.includes(':') ? 6 : 4 }] })).rejects.toBeInstanceOf(PushHostRefused)
    }
    // One bad address among good ones is enough to refuse (the connection could use any of them).
    await expect(
      pinnedPushAgent('https://push.example.com/x', { timeoutMs: 1000, resolve: async () => [{ address: '142.250.180.10', family: 4 }, { address: '127.0.0.1', family: 4 }] }),
    ).rejects.toBeInstanceOf(PushHostRefused)
    const agent = await pinnedPushAgent('https://push.example.com/x', { timeoutMs: 1000, resolve: async () => [{ address: '142.250.180.10', family: 4 }] })
    const lookup = (agent.options as { lookup: (h: string, o: object, cb: (e: unknown, a: string, f: number) => void) => void }).lookup
    const resolved = await new Promise<string>((resolve) => lookup('push.example.com', {}, (_e, a) => resolve(a)))
    expect(resolved).toBe('142.250.180.10')
  })

  it('the test-only allowance is refused in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_PRIVATE_HOSTS: 'true' })).toThrow(/PUSH_ALLOW_PRIVATE_HOSTS/)
    expect(loadConfig({ NODE_ENV: 'production' }).pushAllowPrivateHosts).toBe(false)
  })
})

describeEachDb('push to non-public hosts is refused', (kind) => {
  const suite = suiteApp(kind)
  let push: PushService
  beforeAll(async () => {
    push = await startPushService()
  })
  afterAll(async () => {
    await push?.close()
  })

  it('on subscribe: loopback, private, link-local and unique-local endpoints are a 400', async () => {
    const { app, database } = suite
    const { cookie } = await loggedInMember(app, database.db, `push-${crypto.randomBytes(4).toString('hex')}@example.com`)
    for (const endpoint of ['https://127.0.0.1:8443/send/a', 'https://[::1]/send/a', 'https://10.0.0.5/send/a', 'https://169.254.169.254/latest/meta-data', 'https://[fd00::1]/send/a', 'https://localhost/send/a', push.subscribe('loop').endpoint]) {
      const res = await app.inject({ method: 'POST', url: '/api/user.php?push=1', headers: { ...HOST, cookie }, payload: { subscription: { endpoint, keys } } })
      expect([endpoint, res.statusCode]).toEqual([endpoint, 400])
      expect(res.json().fields['subscription.endpoint']).toBe('Dit pushadres wordt niet geaccepteerd.')
    }
    expect(await database.db.select().from(pushSubscriptions)).toEqual([])
  })

  it('at send time: a stored loopback endpoint, or a name that resolves to loopback, is never connected to', async () => {
    const { app, database } = suite
    const { account } = await loggedInMember(app, database.db, `send-${crypto.randomBytes(4).toString('hex')}@example.com`)
    const literal = push.subscribe('literal')
    const port = new URL(literal.endpoint).port
    // A subscription stored before the subscribe check, and one whose public-looking name resolves to loopback.
    await database.db.insert(pushSubscriptions).values([
      { pool: account.pool, accountId: account.id, endpoint: literal.endpoint, ...literal.keys },
      { pool: account.pool, accountId: account.id, endpoint: `https://push.example.com:${port}/send/rebind`, ...push.subscribe('rebind').keys },
    ])
    const sender = createPushSender({ vapid: app.services.vapid, agent: push.agent, timeoutMs: 2000, resolve: async () => [{ address: '127.0.0.1', family: 4 }] })
    const outcome = await sender.send(database.db, { accountId: account.id, pool: account.pool }, { title: 't', body: 'b', url: '/' }, { subject: 'mailto:a@example.com' })
    expect(outcome.sent).toBe(0)
    expect(outcome.removed).toBe(2)
    expect(push.received).toEqual([])
    expect(await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, account.id))).toEqual([])
  })
})
