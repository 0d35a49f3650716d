// Endpoint contracts through the whole app (docs/decisions/016-endpoint-contracts.md): one error shape with codes of
// the closed list and per-field messages that say what is wrong, and /api/openapi.json listing exactly the
// registered /api routes.
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import { hostOf, makeServices } from '../support/app'
import { makeMember } from '../../src/features/discovery/test-support/members'
import { buildApp } from '../../src/server/app.server'
import type { Database } from '../../src/db/client.server'
import { COMMON_ERROR_CODES, SESSION_ERROR_CODES } from '../../src/shared/api-errors'

jest.setTimeout(60_000)

describeEachDb('endpoint contracts', (kind: DbKind) => {
  let database: Database
  let app: FastifyInstance
  const routes: Array<{ method: string; url: string }> = []

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await buildApp({
      services: await makeServices(database),
      onRoute: (r) => {
        for (const method of [r.method].flat()) routes.push({ method, url: r.url })
      },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await app?.services.jobs.stop()
    app?.services.mailer.close()
    await database?.close()
  })

  const host = hostOf('datingstad')
  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, opts: { payload?: string | object; headers?: Record<string, string>; cookie?: string } = {}) =>
    app.inject({ method, url, payload: opts.payload, headers: { host, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers } })

  describe('/api/openapi.json', () => {
    it('lists every registered /api route and nothing else', async () => {
      const doc = (await send('GET', '/api/openapi.json')).json()
      const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
        .sort()
      const registered = routes
        .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
        // Fastify path parameters (:id) are written {id} in OpenAPI.
        .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
        .sort()
      expect(registered.length).toBeGreaterThan(40)
      expect(documented).toEqual([...new Set(registered)])
    })

    it('describes a converted endpoint from its definition: inputs, answer, session and error codes', async () => {
      const doc = (await send('GET', '/api/openapi.json')).json()
      const swipe = doc.paths['/api/swipe.php'].post
      expect(swipe.summary).toMatch(/swipe_limit/)
      expect(swipe.requestBody.content['application/json'].schema.required).toEqual(['id', 'action'])
      expect(swipe.responses['2XX'].content['application/json'].schema.required).toEqual(['liked', 'match', 'likes_left', 'resets_at'])
      expect(swipe.responses['4XX'].content['application/json'].schema.properties.error.enum).toEqual(expect.arrayContaining(['swipe_limit', 'authentication_required', 'invalid_input']))
      const search = doc.paths['/api/search.php'].get
      expect(search.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:gender', 'query:min_age', 'query:cursor']))
    })
  })

  describe('one error shape', () => {
    const codes: readonly string[] = [...COMMON_ERROR_CODES, ...SESSION_ERROR_CODES, 'signup_required', 'swipe_limit']
    const expectShape = (res: { statusCode: number; json: () => Record<string, unknown> }, status: number, code: string) => {
      expect(res.statusCode).toBe(status)
      const body = res.json()
      expect(body.error).toBe(code)
      expect(codes).toContain(body.error)
      expect(typeof body.message).toBe('string')
      expect(String(body.message)).not.toMatch(/FST_|Invalid input|expected/)
    }

    it('says what is wrong with each field', async () => {
      const me = await makeMember(database.db, { gender: 'male', country: 'NL' })
      const robot = await send('GET', '/api/search.php?gender=robot', { cookie: me.cookie })
      expectShape(robot, 400, 'invalid_input')
      expect(robot.json().fields).toEqual({ gender: 'Kies een van: any, male, female.' })

      const age = await send('GET', '/api/search.php?min_age=abc&max_age=150', { cookie: me.cookie })
      expect(age.json().fields).toEqual({ min_age: 'Vul een getal in.', max_age: 'Mag maximaal 99 zijn.' })

      const cursor = await send('GET', `/api/likes.php?type=newest&cursor=${'x'.repeat(201)}`, { cookie: me.cookie })
      expect(cursor.json().fields).toEqual({ type: 'Kies een van: received, given, matches.', cursor: 'Maximaal 200 tekens.' })

      const missing = await send('POST', '/api/like.php', { payload: {}, cookie: me.cookie })
      expectShape(missing, 400, 'invalid_input')
      expect(missing.json().fields).toEqual({ id: 'Dit veld is verplicht.' })
      const zero = await send('DELETE', '/api/block.php?id=0', { cookie: me.cookie })
      expect(zero.json().fields).toEqual({ id: 'Moet minimaal 1 zijn.' })

    })

    it('checks the session before the input', async () => {
      const res = await send('POST', '/api/like.php', { payload: {} })
      expectShape(res, 403, 'authentication_required')
      expect(res.json()).toMatchObject({ authentication_required: true, message: 'Log in om iemand te liken.' })
      const list = await send('GET', '/api/likes.php?type=robot')
      expectShape(list, 403, 'authentication_required')
      expect(list.json().message).toBe('Log in om verder te gaan.')
    })

    it('answers Fastify\'s own refusals with codes of the closed list, never FST_*', async () => {
      const me = await makeMember(database.db, { gender: 'male', country: 'NL' })
      const json = { 'content-type': 'application/json' }
      expectShape(await send('POST', '/api/like.php', { payload: '{"id":', headers: json, cookie: me.cookie }), 400, 'invalid_json')
      expectShape(await send('POST', '/api/like.php', { payload: '', headers: json, cookie: me.cookie }), 400, 'invalid_json')
      expectShape(await send('POST', '/api/like.php', { payload: '<id>1</id>', headers: { 'content-type': 'application/xml' }, cookie: me.cookie }), 415, 'unsupported_media_type')
      const big = JSON.stringify({ id: 1, pad: 'x'.repeat(1024 * 1024 + 10) })
      expectShape(await send('POST', '/api/like.php', { payload: big, headers: json, cookie: me.cookie }), 413, 'payload_too_large')
      expectShape(await send('GET', '/api/no-such-endpoint.php'), 404, 'not_found')
    })
  })
})
