// npm run test:cluster (and part of npm test with TEST_DATABASE_URL and REDIS_URL): the production build as three
// web instances (RUN_JOBS=false, each its own DATA_DIR) and one job worker, on a fresh PostgreSQL database, the
// local Redis (a key prefix of its own) and a local S3 server (s3rver), behind a load balancer (balancer.ts) that
// sends every request and WebSocket upgrade to a random ready instance. Through it: the member journeys (signup
// with the activation mail sent by the worker, a photo uploaded on one instance and served by the others, search,
// like and match, a chat whose two sockets sit on different instances, a purchase whose webhook lands on a third
// instance), then an instance stopped with SIGTERM and one killed with SIGKILL in the middle of a chat: the
// recipient's client (the app's own LiveSocket) reconnects through the balancer, catches up, and ends with every
// message exactly once. Decision 043.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import WebSocket from 'ws'
import { ensureFreshBuild } from '../../bench/lib'
import { startLocalS3, type LocalS3 } from '../support/s3'
import { startBalancer, type Balancer } from './balancer'
import { LiveSocket, type SocketLike } from '../../src/features/chat/live-socket'
import { HOST, ORIGIN, call, createDatabase, dropDatabase, freePort, sleep, runSteps, startProc, waitForReady, type Answer, type Proc } from './processes'

jest.setTimeout(240_000)

const ADMIN_URL = process.env.TEST_DATABASE_URL
const REDIS_URL = process.env.REDIS_URL
const missing = [!ADMIN_URL && 'TEST_DATABASE_URL', !REDIS_URL && 'REDIS_URL'].filter(Boolean) as string[]
const describeCluster = missing.length === 0 ? describe : describe.skip
if (missing.length) console.log(`[test] cluster run skipped: ${missing.join(' and ')} not set (it needs PostgreSQL and Redis).`)

const INSTANCES = 3
/**
 * Messages sent in each loss scenario, one every 50 ms (plus the send's own time); the instance goes down after
 * the 5th or so. 10 credits each: the deluxe bundle pays for both rounds.
 */
const MESSAGES = 20

/** CLUSTER_BASE_PORT=N uses N (balancer) and N+1.. (instances); without it free ports. */
async function ports(): Promise<number[]> {
  const base = Number(process.env.CLUSTER_BASE_PORT ?? 0)
  if (base) return Array.from({ length: INSTANCES + 1 }, (_, i) => base + i)
  return Promise.all(Array.from({ length: INSTANCES + 1 }, freePort))
}

/** A JPEG photo of a colour of its own (the upload is re-encoded to WebP by the instance that takes it). */
const photo = () => sharp({ create: { width: 320, height: 400, channels: 3, background: `#${crypto.randomBytes(3).toString('hex')}` } }).jpeg().toBuffer()

function multipart(file: Buffer) {
  const boundary = '----cluster' + crypto.randomBytes(8).toString('hex')
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="visibility"\r\n\r\npublic\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
  return { body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

interface Member {
  id: number
  email: string
  cookie: string
}

/** A member's tab: the app's own LiveSocket (reconnect and backoff as in the browser) over a ws client via the balancer. */
function liveTab(port: number, member: Member, opts: { firstInstance?: number; onOpen?: (reconnected: boolean) => void } = {}) {
  const events: Array<{ type: string; [k: string]: unknown }> = []
  const opens: boolean[] = []
  let first = opts.firstInstance
  const socket = new LiveSocket({
    url: `ws://127.0.0.1:${port}/api/ws`,
    createSocket: (url) => {
      const headers: Record<string, string> = { host: HOST, origin: ORIGIN, cookie: member.cookie }
      // Only the first connection is pinned; reconnects go wherever the balancer sends them.
      if (first !== undefined) headers['x-cluster-instance'] = String(first)
      first = undefined
      return new WebSocket(url, { headers, perMessageDeflate: false }) as unknown as SocketLike
    },
    onEvent: (event) => events.push(event as unknown as { type: string }),
    onOpen: (reconnected) => {
      opens.push(reconnected)
      opts.onOpen?.(reconnected)
    },
    onDown: () => undefined,
  })
  socket.start()
  const waitOpen = async (count = 1, timeoutMs = 10_000) => {
    const end = Date.now() + timeoutMs
    while (opens.length < count) {
      if (Date.now() > end) throw new Error(`${member.email}: socket not open (${opens.length} opens)`)
      await sleep(20)
    }
  }
  const waitFor = async (pred: (e: { type: string; [k: string]: unknown }) => boolean, what: string, timeoutMs = 10_000) => {
    const end = Date.now() + timeoutMs
    for (;;) {
      const hit = events.find(pred)
      if (hit) return hit
      if (Date.now() > end) throw new Error(`${member.email}: no ${what} within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`)
      await sleep(20)
    }
  }
  return { socket, events, opens, waitOpen, waitFor }
}

describeCluster(`cluster: 3 instances, a job worker, PostgreSQL, Redis and S3 behind a random load balancer${missing.length ? ` [skipped: ${missing.join(' and ')} not set]` : ''}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'))
  const dbName = `cluster_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
  const redisPrefix = `cluster-${process.pid}-${Date.now()}:`
  let databaseUrl = ''
  let s3: LocalS3 | undefined
  let balancer: Balancer
  let lbPort = 0
  let instancePorts: number[] = []
  const instances: Proc[] = []
  let worker: Proc | undefined
  const { run, step } = runSteps()

  const env = (port: number, name: string): Record<string, string> => ({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(dir, `${name}-data-`)),
    DATABASE_URL: databaseUrl,
    REDIS_URL: REDIS_URL!,
    REDIS_PREFIX: redisPrefix,
    MEDIA_S3_URL: s3!.url,
    RUN_JOBS: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    DEV_MAILBOX: 'true',
    SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
    TRUST_PROXY: '127.0.0.1',
    // Mail links and the payment provider's webhook go to the balancer, never to one instance.
    PUBLIC_URL: `http://{id}.localhost:${lbPort}`,
  })

  beforeAll(async () => {
    ensureFreshBuild()
    const started = Date.now()
    ;[lbPort, ...instancePorts] = await ports()
    databaseUrl = await createDatabase(ADMIN_URL!, dbName)
    s3 = await startLocalS3()
    const serve = (i: number) => startProc(`instance-${i}`, ['--enable-source-maps', '--max-semi-space-size=32', 'dist/node/main.mjs'], env(instancePorts[i], `instance-${i}`), dir)
    // The first instance migrates the new database; the others and the worker then start side by side.
    instances[0] = serve(0)
    await waitForReady(instancePorts[0], instances[0])
    instances[1] = serve(1)
    instances[2] = serve(2)
    // The worker is not bundled: it runs from source (npm run worker). Its PORT is where the test payment
    // provider posts its webhook: the balancer.
    worker = startProc('worker', ['--import', 'tsx', 'src/server/worker.ts'], env(lbPort, 'worker'), dir)
    await Promise.all([waitForReady(instancePorts[1], instances[1]), waitForReady(instancePorts[2], instances[2])])
    // An instance that could not listen (a port taken) has exited; another process answering there must not count.
    for (const p of [...instances, worker!]) if (p.child.exitCode !== null) throw new Error(`${p.name} exited:\n${fs.readFileSync(p.logFile, 'utf8').slice(-3000)}`)
    balancer = await startBalancer({ port: lbPort, instancePorts, log: (line) => console.log(`[cluster] ${line}`) })
    await balancer.waitForRotation([0, 1, 2])
    console.log(`[cluster] 3 instances, worker, s3rver and balancer up in ${Date.now() - started} ms (balancer :${lbPort}, instances :${instancePorts.join(' :')})`)
  })

  afterAll(async () => {
    for (const p of [...instances, worker]) if (p && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM')
    await Promise.all([...instances, worker].map((p) => p && Promise.race([p.exited, sleep(12_000)])))
    if (run.failed) for (const p of [...instances, worker]) if (p) console.log(`[cluster] ${p.name} log:\n${fs.readFileSync(p.logFile, 'utf8').slice(-4000)}`)
    await balancer?.close()
    await s3?.close()
    if (databaseUrl) await dropDatabase(ADMIN_URL!, dbName)
    fs.rmSync(dir, { recursive: true, force: true })
  })

  const get = (url: string, m?: Member, instance?: number) => call(lbPort, 'GET', url, { cookie: m?.cookie, instance })
  const post = (url: string, json: unknown, m?: Member, instance?: number) => call(lbPort, 'POST', url, { cookie: m?.cookie, json, instance })
  /**
   * A GET as the app's own client makes it (src/shared/http.ts): a 502, 503 or 504 is asked again after 200 ms
   * doubling, five times. The balancer answers 502 to a request it sent to an instance that has just stopped, until
   * it takes that instance out of rotation.
   */
  const getAsClient = async (url: string, m?: Member) => {
    for (let attempt = 0; ; attempt++) {
      const res = await get(url, m)
      if (![502, 503, 504].includes(res.status) || attempt >= 5) return res
      await sleep(200 * 2 ** attempt)
    }
  }


  let anna: Member
  let bram: Member
  let conversationId = 0

  /**
   * Signs up on instance `on`, activates on the next one with the link of the mail the worker sent (no instance
   * runs jobs), and completes the profile on the third.
   */
  async function signUpAndActivate(name: string, gender: 'male' | 'female', on: number): Promise<Member> {
    const email = `${name.toLowerCase()}-${crypto.randomBytes(3).toString('hex')}@example.nl`
    const res = await post('/api/signup.php', { email, name, password: 'lang-genoeg-1', date_of_birth: '1988-06-04' }, undefined, on)
    expect(res.status).toBe(201)
    const sid = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sid='))!
    const member: Member = { id: res.json<{ user: { id: number } }>().user.id, email, cookie: sid.split(';')[0] }
    // RUN_JOBS=false on every instance: only the worker can have sent the mail.
    let link: string | undefined
    for (let i = 0; i < 60 && !link; i++) {
      const { mails } = (await get(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json<{ mails: Array<{ subject: string; text: string }> }>()
      const mail = mails.find((m) => m.subject.startsWith('Bevestig je e-mailadres'))
      if (mail) link = /(http:\/\/\S+)/.exec(mail.text)![1]
      else await sleep(250)
    }
    expect(link).toBeDefined()
    const u = new URL(link!)
    expect(u.port).toBe(String(lbPort))
    const activate = await call(lbPort, 'GET', `${u.pathname}${u.search}`, { host: u.host, instance: (on + 1) % 3 })
    expect(activate.status).toBe(303)
    expect(activate.headers.location).toBe('/activate/done')
    expect((await call(lbPort, 'PUT', '/api/profile.php', { cookie: member.cookie, json: { gender, sexuality: 'hetero' }, instance: (on + 2) % 3 })).status).toBe(200)
    const me = (await get('/api/user.php', member)).json<{ user: { status: string } }>().user
    expect(me.status).toBe('active')
    return member
  }

  step('signs members up through the balancer; the worker sends the activation mail', async () => {
    anna = await signUpAndActivate('Anna', 'female', 0)
    bram = await signUpAndActivate('Bram', 'male', 1)
  })

  step('serves a photo uploaded on one instance from the others (object storage)', async () => {
    const m = multipart(await photo())
    const up = await call(lbPort, 'POST', '/api/photos.php', { cookie: anna.cookie, body: m.body, headers: m.headers, instance: 0 })
    expect(up.status).toBe(201)
    const [uploaded] = up.json<{ photos: Array<{ id: number; filename: string }> }>().photos
    const fromOne = await get(uploaded.filename, anna, 1)
    const fromTwo = await get(uploaded.filename, anna, 2)
    expect([fromOne.status, fromTwo.status]).toEqual([200, 200])
    expect(fromOne.headers['content-type']).toBe('image/webp')
    expect(fromTwo.body.equals(fromOne.body)).toBe(true)
    expect((await sharp(fromOne.body).metadata()).width).toBe(320)
    // The list on another instance names the same photo.
    expect((await get('/api/photos.php', anna, 2)).json<{ photos: Array<{ id: number }> }>().photos.map((p) => p.id)).toContain(uploaded.id)
  })

  step('finds a member in search, and a like and a like back make a match heard live on other instances', async () => {
    const search = (await get('/api/search.php?gender=female&country=NL', bram)).json<{ profiles: Array<{ id: number }> }>()
    expect(search.profiles.map((p) => p.id)).toContain(anna.id)
    const annaTab = liveTab(lbPort, anna, { firstInstance: 1 })
    const bramTab = liveTab(lbPort, bram, { firstInstance: 2 })
    await Promise.all([annaTab.waitOpen(), bramTab.waitOpen()])
    await sleep(200) // the instances' Redis subscriptions are up
    expect((await post('/api/like.php', { id: anna.id }, bram, 0)).json()).toMatchObject({ liked: true, match: false })
    await annaTab.waitFor((e) => e.type === 'like' && e.member_id === bram.id, 'like')
    expect((await post('/api/like.php', { id: bram.id }, anna, 0)).json()).toMatchObject({ liked: true, match: true })
    await bramTab.waitFor((e) => (e.type === 'like' && e.member_id === anna.id && e.match === true) || (e.type === 'match' && e.member_id === anna.id), 'match')
    const matches = (await get('/api/likes.php?type=matches', anna)).json<{ profiles: Array<{ id: number }> }>()
    expect(matches.profiles.map((p) => p.id)).toContain(bram.id)
    annaTab.socket.stop()
    bramTab.socket.stop()
  })

  step('buys credits: the checkout on one instance, the webhook on a third, the balance everywhere', async () => {
    const before = (await get('/api/user.php', bram)).json<{ user: { credits: number } }>().user.credits
    const start = await post('/api/payment.php', { bundle_id: 'deluxe', method: 'ideal' }, bram, 0)
    expect(start.status).toBe(200)
    const { checkout_url } = start.json<{ checkout_url: string }>()
    balancer.pinPath('/api/payment-webhook.php', 2)
    const paid = await post('/api/test-checkout.php', { payment_id: checkout_url.split('/').pop(), outcome: 'paid' }, undefined, 1)
    expect(paid.status).toBe(200)
    // The worker runs the provider's webhook job: a POST through the balancer, which sends it to instance 2.
    let credits = before
    for (let i = 0; i < 60 && credits === before; i++) {
      await sleep(250)
      credits = (await get('/api/user.php', bram, i % 3)).json<{ user: { credits: number } }>().user.credits
    }
    expect(credits).toBeGreaterThan(before)
    const hooks = balancer.log.filter((r) => r.path === '/api/payment-webhook.php')
    expect(hooks.length).toBeGreaterThanOrEqual(1)
    expect(hooks.every((r) => r.instance === 2)).toBe(true)
    for (const i of [0, 1, 2]) expect((await get('/api/user.php', bram, i)).json<{ user: { credits: number } }>().user.credits).toBe(credits)
  })

  /** Sends through the balancer, retrying an answer an instance could not give (502/503: closing or killed) with the same client_id. */
  async function send(from: Member, text: string, clientId = `cluster-${crypto.randomUUID()}`) {
    const where = conversationId ? `conversation_id=${conversationId}` : `member_id=${from.id === anna.id ? bram.id : anna.id}`
    for (let attempt = 0; attempt < 20; attempt++) {
      let res: Answer | undefined
      try {
        res = await post(`/api/message.php?${where}`, { kind: 'text', client_id: clientId, text }, from)
      } catch {
        // connection reset by an instance that went away
      }
      if (res?.status === 201) return res.json<{ message: { id: number; conversation_id: number } }>().message
      if (res && res.status !== 502 && res.status !== 503) throw new Error(`send ${text}: ${res.status} ${res.body.toString()}`)
      await sleep(100)
    }
    throw new Error(`send ${text}: no instance took it`)
  }

  step('chats between two members whose sockets sit on different instances', async () => {
    const annaTab = liveTab(lbPort, anna, { firstInstance: 0 })
    const bramTab = liveTab(lbPort, bram, { firstInstance: 1 })
    await Promise.all([annaTab.waitOpen(), bramTab.waitOpen()])
    const ups = balancer.log.filter((r) => r.upgrade).slice(-2)
    expect(ups.map((r) => r.instance).sort()).toEqual([0, 1])
    await sleep(200)
    const hello = await send(bram, 'Hoi Anna, leuk dat het een match is!')
    conversationId = hello.conversation_id
    await annaTab.waitFor((e) => e.type === 'message' && (e.message as { id: number }).id === hello.id, 'message')
    const reply = await send(anna, 'Hoi Bram!')
    await bramTab.waitFor((e) => e.type === 'message' && (e.message as { id: number }).id === reply.id, 'reply')
    await sleep(300) // time for a duplicate to arrive
    const ids = (tab: ReturnType<typeof liveTab>) => tab.events.filter((e) => e.type === 'message').map((e) => (e.message as { id: number }).id)
    expect(ids(annaTab)).toEqual([hello.id, reply.id])
    expect(ids(bramTab)).toEqual([hello.id, reply.id])
    annaTab.socket.stop()
    bramTab.socket.stop()
  })

  /**
   * Anna's tab sits on `victim`; Bram (who bought credits) sends a message every 50 ms while the victim is stopped
   * with `signal`. Anna's client catches up on every reconnect (as chat-live.ts does: the conversation after its
   * last message); in the end she has every message Bram sent, each once, and the conversation holds each once.
   */
  async function chatThroughLoss(victim: number, signal: NodeJS.Signals) {
    /** The message ids the client holds (the chat store merges by id). */
    const seen = new Set<number>()
    const fromSocket = new Map<number, number>()
    /** How each message first reached the client. */
    const via = new Map<number, 'socket' | 'catch-up'>()
    const remember = (id: number, how: 'socket' | 'catch-up') => {
      seen.add(id)
      via.set(id, how)
    }
    const catchUp = async () => {
      const after = Math.max(0, ...seen)
      const res = await getAsClient(`/api/chat.php?id=${conversationId}&after=${after}`, anna)
      for (const m of res.json<{ messages: Array<{ id: number }> }>().messages) if (!seen.has(m.id)) remember(m.id, 'catch-up')
    }
    const tab = liveTab(lbPort, anna, {
      firstInstance: victim,
      onOpen: (reconnected) => {
        if (reconnected) void catchUp()
      },
    })
    const onMessage = () => {
      for (const e of tab.events.splice(0)) if (e.type === 'message') {
        const id = (e.message as { id: number }).id
        fromSocket.set(id, (fromSocket.get(id) ?? 0) + 1)
        if (!seen.has(id)) remember(id, 'socket')
      }
    }
    const drain = setInterval(onMessage, 10)
    await tab.waitOpen()
    const first = balancer.log.filter((r) => r.upgrade).at(-1)!
    expect(first.instance).toBe(victim)
    await catchUp() // the start: the conversation so far
    const start = Math.max(...seen)
    await sleep(200)

    const sent: number[] = []
    const sender = (async () => {
      for (let i = 0; i < MESSAGES; i++) {
        sent.push((await send(bram, `${signal} bericht ${i + 1}`)).id)
        await sleep(50)
      }
    })()
    await sleep(350)
    const killedAt = Date.now()
    instances[victim].child.kill(signal)
    const exit = await instances[victim].exited
    const stopMs = Date.now() - killedAt
    if (signal === 'SIGTERM') expect(exit.code).toBe(0)
    else expect(exit.signal).toBe('SIGKILL')
    await sender
    await tab.waitOpen(2, 15_000)
    const reconnectedTo = balancer.log.filter((r) => r.upgrade).at(-1)!.instance
    expect(reconnectedTo).not.toBe(victim)
    // Everything sent is in; wait for the last one to arrive by socket or by the catch-up.
    const end = Date.now() + 10_000
    while (sent.some((id) => !seen.has(id)) && Date.now() < end) await sleep(50)
    await sleep(300)
    onMessage()
    clearInterval(drain)
    tab.socket.stop()

    const after = [...seen].filter((id) => id > start).sort((a, b) => a - b)
    expect(after).toEqual([...sent].sort((a, b) => a - b))
    // Nothing twice: not on the socket, not stored.
    expect([...fromSocket.entries()].filter(([, n]) => n > 1)).toEqual([])
    const stored = (await getAsClient(`/api/chat.php?id=${conversationId}&after=${start}`, bram)).json<{ messages: Array<{ id: number; text?: string }> }>().messages
    expect(stored.map((m) => m.id)).toEqual(sent)
    expect(new Set(stored.map((m) => m.text)).size).toBe(MESSAGES)
    console.log(
      `[cluster] ${signal} of instance ${victim}: exited in ${stopMs} ms; Anna's tab back on instance ${reconnectedTo}; ${sent.length} messages sent, ${sent.filter((id) => via.get(id) === 'socket').length} first by socket, ${sent.filter((id) => via.get(id) === 'catch-up').length} by the catch-up, none twice`,
    )
    return reconnectedTo
  }

  let landed = 0
  step('loses nothing when the instance of a chat socket is stopped (SIGTERM) mid-chat', async () => {
    landed = await chatThroughLoss(1, 'SIGTERM')
    await balancer.waitForRotation([0, 2])
  })

  step('loses nothing when the instance of a chat socket is killed (SIGKILL) mid-chat', async () => {
    // The tab is first pinned to where it landed after the SIGTERM, then that instance dies without warning.
    await chatThroughLoss(landed, 'SIGKILL')
    expect(balancer.ready()).toEqual([landed === 0 ? 2 : 0])
  })
})
