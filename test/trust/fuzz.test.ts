// A property-based fuzzer over the API (issue 17): at least 10,000 generated requests per run (FUZZ_RUNS, split over
// PGlite and PostgreSQL where both run, each with its own seed) across
// every /api route of the running app (read from the app itself, so a new endpoint is fuzzed automatically), with
// bodies and queries shaped by the zod request contracts (src/shared/*contracts*.ts) and hostile values (wrong
// types, NUL, huge strings, deep nesting, repeated parameters, unicode edge cases, forged cursors), without a
// session and with members of both pools. Property: never a 5xx, every 4xx has the error shape {error, message},
// and the server answers normally afterwards. The seed is fixed (FUZZ_SEED to change it) and printed on failure.
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { z } from 'zod'
import { eq } from 'drizzle-orm'
import { DB_KINDS, describeEachDb } from '../support/db'
import { loggedInMember, suiteApp } from '../support/app'
import { accounts } from '../../src/db/schema'
import * as contracts from '../../src/shared/contracts'
import * as chatContracts from '../../src/shared/chat-contracts'
import * as discoveryContracts from '../../src/shared/discovery-contracts'
import type { EndpointDefinition } from '../../src/shared/endpoint'
import * as accountsEndpoints from '../../src/features/accounts/endpoints'
import * as chatEndpoints from '../../src/features/chat/endpoints'
import * as complaintsEndpoints from '../../src/features/complaints/endpoints'
import * as discoveryEndpoints from '../../src/features/discovery/endpoints'
import * as notificationsEndpoints from '../../src/features/notifications/endpoints'
import * as photosEndpoints from '../../src/features/photos/endpoints'
import * as profileEndpoints from '../../src/features/profile/endpoints'
import * as settingsEndpoints from '../../src/features/settings/endpoints'
import * as shellEndpoints from '../../src/features/shell/endpoints'
import * as paymentsContracts from '../../src/features/payments/contracts'
import * as landerContract from '../../src/features/landers/lander-contract'

const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000)
// 10,000 requests took 60 ms each on a machine under heavy load (load average 20); quiet machines are several times faster.
jest.setTimeout(1_800_000)

interface FuzzRequest {
  method: string
  path: string
  query: string
  session: 'none' | 'free' | 'premium' | 'gay'
  body?: { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; text: string }
}

// --- values -------------------------------------------------------------------------------------------------

const cursor = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
const FORGED_CURSORS = [
  cursor(['2026-13-45 99:99:99.999+00', 1]),
  cursor(['0000-00-00 00:00:00+00', 1]),
  cursor(['2026-02-30 10:00:00+00', 9007199254740991]),
  cursor(['2026-01-01 10:00:00+00', -1]),
  cursor(['x', 'y']),
  cursor({ a: 1 }),
  cursor(null),
  'not-base64!!',
  '',
  'AAAA',
]
const EDGE_STRINGS = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', '\u202e\u0041', '\u200b', '\ufeff', 'e\u0301', '🙂', '👩‍👩‍👧‍👦'.repeat(50),
  "' or 1=1 --", '"; drop table accounts; --', '<script>alert(1)</script>', '../../etc/passwd', '%00', '%', '%zz', '\\', '{}', '[]',
  'null', 'true', '-1', '0', '1e309', 'NaN', 'Infinity', '9'.repeat(40), '1.5', '0x10', '2026-02-30', 'https://127.0.0.1/', 'a@b', 'x'.repeat(5000),
]
const hugeString = fc.constantFrom('x'.repeat(100_000), 'é'.repeat(60_000), '🙂'.repeat(30_000))
const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...FORGED_CURSORS) },
  { weight: 1, arbitrary: hugeString },
)
const hostileNumber = fc.oneof(fc.integer(), fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, -0, 0.5), fc.double({ noNaN: true }))
function deep(depth: number): unknown {
  let v: unknown = 'deep'
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v }
  return v
}
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2], { $ne: null }, { __proto__: { admin: true } }) },
  { weight: 1, arbitrary: fc.constantFrom(deep(20), deep(60)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
)

// --- the contracts as generators ----------------------------------------------------------------------------

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; options?: z.ZodType[]; entries?: Record<string, unknown>; values?: unknown[]; in?: z.ZodType; items?: z.ZodType[] }
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def

/** A value of the schema's shape (valid or nearly so); hostile values where the type is open. */
function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema)
  if (depth > 6) return hostileValue
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {}
      return fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fc.oneof({ weight: 4, arbitrary: arbitraryOf(v, depth + 1) }, { weight: 1, arbitrary: hostileValue })])), { requiredKeys: [] })
    }
    case 'string':
      return fc.oneof(fc.string({ maxLength: 30 }), fc.emailAddress(), hostileString)
    case 'number':
    case 'int':
    case 'bigint':
      return fc.oneof(fc.integer({ min: -5, max: 100_000 }), hostileNumber)
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileValue)
    case 'enum':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.values(def.entries ?? { a: 'a' })) }, { weight: 1, arbitrary: hostileString })
    case 'literal':
      return fc.constantFrom(...(def.values?.length ? def.values : [null]))
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? arbitraryOf(def.innerType, depth + 1) : hostileValue
    case 'array':
      return fc.array(def.element ? arbitraryOf(def.element, depth + 1) : hostileValue, { maxLength: 8 })
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((i) => arbitraryOf(i, depth + 1)))
    case 'union':
      return def.options?.length ? fc.oneof(...def.options.map((o) => arbitraryOf(o, depth + 1))) : hostileValue
    case 'pipe':
      return def.in ? arbitraryOf(def.in, depth + 1) : hostileValue
    default:
      return hostileValue
  }
}

const isZod = (v: unknown): v is z.ZodType => typeof v === 'object' && v !== null && '_zod' in v
/** Every request contract of the API (exports named *Request), and every field name any contract uses. */
const modules = [contracts, chatContracts, discoveryContracts, accountsEndpoints] as Record<string, unknown>[]
const requestSchemas = modules.flatMap((m) => Object.entries(m).filter(([name, v]) => /Request$/.test(name) && isZod(v)).map(([, v]) => v as z.ZodType))
const fieldNames = [
  ...new Set([
    ...modules.flatMap((m) => Object.values(m).filter(isZod).flatMap((s) => Object.keys(defOf(s).shape ?? {}))),
    'id', 'member_id', 'conversation_id', 'profile_id', 'cursor', 'before', 'after', 'token', 'type', 'q', 'push', 'client_id', 'network', 'ref',
  ]),
]

// The endpoint definitions (defineEndpoint, src/shared/endpoint.ts) by method and path: a route with one draws its
// query, path parameters and body from it (and still from the heuristics, for the hostile shapes).
const isEndpoint = (v: unknown): v is EndpointDefinition =>
  typeof v === 'object' && v !== null && typeof (v as { method?: unknown }).method === 'string' && typeof (v as { path?: unknown }).path === 'string' && isZod((v as { response?: unknown }).response)
const endpointModules = [accountsEndpoints, chatEndpoints, complaintsEndpoints, discoveryEndpoints, notificationsEndpoints, photosEndpoints, profileEndpoints, settingsEndpoints, shellEndpoints, paymentsContracts, landerContract] as Record<string, unknown>[]
const definitions = new Map<string, EndpointDefinition>()
for (const v of endpointModules.flatMap((m) => Object.values(m)).flatMap((v) => (isEndpoint(v) ? [v] : typeof v === 'object' && v !== null ? Object.values(v) : []))) {
  if (isEndpoint(v)) definitions.set(`${v.method} ${v.path}`, v)
}

/** A generated query object as a query string (arrays as repeated parameters). */
function toQueryString(value: unknown): string {
  if (typeof value !== 'object' || value === null) return ''
  return Object.entries(value)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).filter((x) => x !== undefined).map((x) => `${enc(k)}=${enc(typeof x === 'object' ? JSON.stringify(x) : String(x))}`))
    .join('&')
}

// --- requests -----------------------------------------------------------------------------------------------

/** Percent-encoding that also sends what encodeURIComponent refuses (a lone surrogate goes as invalid UTF-8 bytes). */
function enc(s: string): string {
  try {
    return encodeURIComponent(s)
  } catch {
    return s.replace(/[\ud800-\udfff]/g, '\ufffd').split('\ufffd').map((part) => encodeURIComponent(part)).join('%ED%A0%80')
  }
}

const queryValue = (ids: number[]) => fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 2, arbitrary: fc.constantFrom(...ids.map(String)) }, { weight: 1, arbitrary: fc.constantFrom(...FORGED_CURSORS) })
const queryArb = (ids: number[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...fieldNames, 'x', ''), queryValue(ids), fc.integer({ min: 1, max: 3 })), { maxLength: 5 })
    // A parameter may repeat (?token=a&token=b).
    .map((pairs) => pairs.flatMap(([k, v, times]) => Array.from({ length: times }, () => `${enc(k)}=${enc(String(v))}`)).join('&'))

const bodyArb = fc.oneof(
  { weight: 5, arbitrary: fc.oneof(...requestSchemas.map((s) => arbitraryOf(s))).map((value) => ({ kind: 'json' as const, value })) },
  { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 6 }).map((value) => ({ kind: 'json' as const, value })) },
  { weight: 1, arbitrary: hostileValue.map((value) => ({ kind: 'json' as const, value })) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      // Deep nesting goes as text: fast-check's report of a failing value would overflow the stack on it.
      fc.constantFrom('{"a":'.repeat(500) + '1' + '}'.repeat(500), '['.repeat(5000) + ']'.repeat(5000), '{"name":' + '{"a":'.repeat(3000) + '"x"' + '}'.repeat(3001)),
      fc.constantFrom('{', '{"a":', '[1,2', 'nul', '"\\u0000"', '{"__proto__":{"x":1}}', '{"a":1,"a":2}', '\u0000', ''),
      fc.string({ unit: 'binary', maxLength: 60 }),
    ).chain((text) => fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml').map((type) => ({ kind: 'raw' as const, type, text }))),
  },
)

function toInject(r: FuzzRequest, cookies: Record<string, string>): InjectOptions {
  const host = r.session === 'gay' ? 'mannenmatch.nl' : 'datingstad.nl'
  const headers: Record<string, string> = { host }
  if (r.session !== 'none') headers.cookie = cookies[r.session]
  const opts: InjectOptions = { method: r.method as InjectOptions['method'], url: r.path + (r.query ? `?${r.query}` : ''), headers }
  if (r.body?.kind === 'json') opts.payload = JSON.stringify(r.body.value) ?? 'null'
  if (r.body?.kind === 'json') headers['content-type'] = 'application/json'
  if (r.body?.kind === 'raw') {
    opts.payload = r.body.text
    headers['content-type'] = r.body.type
  }
  return opts
}

// The run's requests are split over the database kinds, each with a seed of its own: the same seed on both (as
// before) sent the very same requests twice, so the split keeps 10,000 different requests per run at half the time.
const RUNS_PER_KIND = Math.ceil(RUNS / DB_KINDS.length)

describeEachDb('fuzzing the API contracts', (kind) => {
  const suite = suiteApp(kind)
  const seed = SEED + DB_KINDS.indexOf(kind)

  it(`answers ${RUNS_PER_KIND} generated requests (of ${RUNS} per run) without a 5xx, with the error shape on every 4xx (seed ${seed})`, async () => {
    const { app, database } = suite
    const free = await loggedInMember(app, database.db, 'fuzz-free@example.nl')
    const premium = await loggedInMember(app, database.db, 'fuzz-premium@example.nl')
    await database.db.update(accounts).set({ paidUser: true, credits: 1000 }).where(eq(accounts.id, premium.account.id))
    const gay = await loggedInMember(app, database.db, 'fuzz-gay@example.nl', 'mannenmatch.nl', { pool: 'gay', tenantId: 'mannenmatch' })
    const cookies = { free: free.cookie, premium: premium.cookie, gay: gay.cookie }
    const ids = [free.account.id, premium.account.id, gay.account.id, 0, 999999]

    // The routes of the running app: a new endpoint is fuzzed without touching this file.
    const routes = [...app.printRoutes({ commonPrefix: false }).matchAll(/── (\/api\/\S+) \(([^)]+)\)/g)]
      .flatMap((m) => m[2].split(', ').filter((method) => method !== 'HEAD' && method !== 'OPTIONS').map((method) => ({ method, path: m[1] })))
      // The live socket is a WebSocket upgrade (covered by the chat tests).
      .filter((r) => r.path !== '/api/ws')
    expect(routes.length).toBeGreaterThan(40)

    const defined = routes.filter((r) => definitions.has(`${r.method} ${r.path}`)).length
    expect(defined).toBeGreaterThan(10)
    const requestArb: fc.Arbitrary<FuzzRequest> = fc.constantFrom(...routes).chain((route) => {
      const d = definitions.get(`${route.method} ${route.path}`)
      const heuristicParam = fc.oneof(hostileString, fc.constantFrom(...ids.map(String)))
      return fc
        .record({
          query: d?.query ? fc.oneof({ weight: 3, arbitrary: arbitraryOf(d.query).map(toQueryString) }, { weight: 1, arbitrary: queryArb(ids) }) : queryArb(ids),
          session: fc.constantFrom('none', 'free', 'premium', 'gay') as fc.Arbitrary<FuzzRequest['session']>,
          body: fc.option(d?.body ? fc.oneof({ weight: 3, arbitrary: arbitraryOf(d.body).map((value) => ({ kind: 'json' as const, value })) }, { weight: 1, arbitrary: bodyArb }) : bodyArb, { freq: 4 }),
          params: d?.params ? fc.oneof({ weight: 3, arbitrary: arbitraryOf(d.params) }, { weight: 1, arbitrary: fc.constant(undefined) }) : fc.constant(undefined),
          param: heuristicParam,
        })
        .map(({ query, session, body, params, param }) => ({
          method: route.method,
          // A path parameter (:id) gets a value of its definition, or a generated one.
          path: route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
            const own = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[name] : undefined
            return enc(String(own ?? param)) || 'x'
          }),
          query,
          // Logging out would end the session the next requests use.
          session: route.path === '/api/logout.php' ? 'none' : session,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : (body ?? undefined),
        }))
    })

    let sent = 0
    // Time spent per route, printed with the summary (the slow routes of a run).
    const cost = new Map<string, number>()
    const started = Date.now()
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        sent++
        const t0 = performance.now()
        const res = await app.inject(toInject(r, cookies))
        const key = `${r.method} ${r.path}`
        cost.set(key, (cost.get(key) ?? 0) + performance.now() - t0)
        const shown = () => JSON.stringify({ ...r, body: r.body && JSON.stringify(r.body).slice(0, 300) }).slice(0, 800)
        if (res.statusCode >= 500) {
          throw new Error(`${res.statusCode} for ${shown()}: ${res.body.slice(0, 300)}`)
        }
        if (res.statusCode >= 400) {
          let body: { error?: unknown; message?: unknown } = {}
          try {
            body = res.json()
          } catch {
            throw new Error(`${res.statusCode} without a JSON body for ${shown()}: ${res.body.slice(0, 200)}`)
          }
          if (typeof body.error !== 'string' || typeof body.message !== 'string' || body.message === '') {
            throw new Error(`${res.statusCode} without {error, message} for ${shown()}: ${res.body.slice(0, 200)}`)
          }
        }
      }),
      { numRuns: RUNS_PER_KIND, seed, endOnFailure: true },
    )
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`[fuzz] ${sent} requests over ${routes.length} routes (${defined} from their endpoint definitions) in ${seconds} s (seed ${seed}).`)
    console.log(`[fuzz] slowest routes (ms in total): ${[...cost].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`)
    expect(sent).toBeGreaterThanOrEqual(RUNS_PER_KIND)

    // The server is alive and the members' sessions still work.
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/api/settings.php', headers: { host: 'datingstad.nl' } })).statusCode).toBe(200)
    expect((await app.inject({ url: '/api/user.php', headers: { host: 'mannenmatch.nl', cookie: gay.cookie } })).statusCode).toBe(200)
  })
})
