// Page data without a second HTTP trip (decision 026): a page's +data calls the endpoint's handler in process with
// the request context the page request already resolved, and gets exactly what the browser would fetch from the
// API: the same status, the same JSON (the same presenters, visibility and blur rules), the same validation.
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import { hostOf, makeServices } from '../support/app'
import { makeMember } from '../../src/features/discovery/test-support/members'
import { buildApp } from '../../src/server/app.server'
import { z } from 'zod'
import type { FastifyRequest } from 'fastify'
import { callInProcess, route } from '../../src/server/endpoint.server'
import { defineEndpoint } from '../../src/shared/endpoint'
import type { Database } from '../../src/db/client.server'
import type { EndpointDefinition } from '../../src/shared/endpoint'
import { endpointUrl } from '../../src/shared/api-client'
import { likesEndpoint, memberEndpoint, memberLandingEndpoint, searchEndpoint } from '../../src/features/discovery/endpoints'
import { creditsEndpoint, transactionsEndpoint } from '../../src/features/payments/contracts'
import { landerEndpoint } from '../../src/features/landers/lander-contract'
import { chatsEndpoint } from '../../src/features/chat/endpoints'

jest.setTimeout(60_000)

/** An endpoint whose handler keeps the request it was given, to look at what an in-process call hands it. */
const echoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/test-echo.php',
  summary: 'Test: echoes its query.',
  session: 'none',
  query: z.object({ n: z.coerce.number().int() }),
  response: z.object({ n: z.number(), host: z.string() }),
  errors: [],
})

describeEachDb('page data in process', (kind: DbKind) => {
  let database: Database
  let app: FastifyInstance
  /** Page requests seen by the app (the stand-in page route below); an in-process call must add none. */
  let requests = 0
  /** The requests the echo endpoint's handler was given, and the last page request of the stand-in page route. */
  const handed: FastifyRequest[] = []
  let pageRequest: FastifyRequest | undefined
  const calls: Array<{ def: EndpointDefinition<'GET'>; input: { query?: Record<string, unknown> } }> = []

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await buildApp({ services: await makeServices(database) })
    app.addHook('onRequest', async () => void requests++)
    route(app, echoEndpoint, (req) => {
      handed.push(req as unknown as FastifyRequest)
      ;(req as unknown as Record<string, unknown>).handlerNote = 'set by the handler'
      return { n: req.query.n, host: req.headers.host ?? '' }
    })
    // Stands in for a page request: its +data makes the in-process call with the request's own context.
    app.get('/test-page', async (req) => {
      pageRequest = req
      const { def, input } = calls[Number((req.query as { call: string }).call)]
      return callInProcess(app.services, req, def, input as never)
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
  const headers = (cookie?: string) => ({ host, ...(cookie ? { cookie } : {}) })

  /** The same call as a page (in process) and as the browser (HTTP): both answers, and the requests each took. */
  async function both(def: EndpointDefinition<'GET'>, input: { query?: Record<string, unknown> }, cookie?: string) {
    calls.push({ def, input })
    const before = requests
    const page = (await app.inject({ method: 'GET', url: `/test-page?call=${calls.length - 1}`, headers: headers(cookie) })).json() as { status: number; body: unknown }
    const pageRequests = requests - before
    const http = await app.inject({ method: 'GET', url: endpointUrl(def, input as never), headers: headers(cookie) })
    return { page, pageRequests, http: { status: http.statusCode, body: http.statusCode === 200 ? http.json() : null } }
  }

  it('answers what the API answers, for members and visitors, without another request', async () => {
    const viewer = await makeMember(database.db, { gender: 'male', paidUser: false })
    const other = await makeMember(database.db, { gender: 'female', photos: [{ visibility: 'public' }, { visibility: 'private' }] })
    const cases: Array<[EndpointDefinition<'GET'>, { query?: Record<string, unknown> }, string | undefined]> = [
      [memberEndpoint, { query: { id: other.account.id } }, viewer.cookie],
      // A visitor: the public (blurred) view, or the refusal, exactly as the API decides.
      [memberEndpoint, { query: { id: other.account.id } }, undefined],
      [memberLandingEndpoint, { query: { id: other.account.id } }, undefined],
      [searchEndpoint, { query: { network: 'partner1' } }, viewer.cookie],
      [searchEndpoint, { query: {} }, undefined],
      [likesEndpoint, { query: { type: 'received' } }, viewer.cookie],
      [creditsEndpoint, {}, viewer.cookie],
      [creditsEndpoint, {}, undefined],
      [transactionsEndpoint, { query: {} }, viewer.cookie],
      [landerEndpoint, { query: { design: 'gallery', slug: 'amsterdam' } }, undefined],
    ]
    for (const [def, input, cookie] of cases) {
      const { page, pageRequests, http } = await both(def, input, cookie)
      expect(`${def.path} ${cookie ? 'member' : 'visitor'}: ${page.status}`).toBe(`${def.path} ${cookie ? 'member' : 'visitor'}: ${http.status}`)
      expect(page.body).toEqual(http.body)
      // Only the page request itself: the handler ran in it.
      expect(pageRequests).toBe(1)
    }
    // The visitor's member view is the API's public one (blurred photos), not the member's.
    const visitorView = (await both(memberEndpoint, { query: { id: other.account.id } }, undefined)).page
    const memberView = (await both(memberEndpoint, { query: { id: other.account.id } }, viewer.cookie)).page
    expect(visitorView.status === 200 ? JSON.stringify(visitorView.body) : 'refused').not.toBe(JSON.stringify(memberView.body))
  })

  it("hands the handler the page's request with the call's validated input, without making the request a prototype", async () => {
    calls.push({ def: echoEndpoint, input: { query: { n: '7' } } })
    const call = String(calls.length - 1)
    const res = await app.inject({ method: 'GET', url: `/test-page?call=${call}&n=1&other=2`, headers: headers() })
    expect(res.json()).toEqual({ status: 200, body: { n: 7, host } })
    const inner = handed.at(-1)!
    const req = pageRequest!
    // The call's own validated query (coerced), not the page request's.
    expect(inner.query).toEqual({ n: 7 })
    expect(req.query).toEqual({ call, n: '1', other: '2' })
    // Everything else is the page request's: its context, headers, methods and class.
    expect(inner.ctx).toBe(req.ctx)
    expect(inner.headers).toBe(req.headers)
    expect(inner.id).toBe(req.id)
    expect(inner.url).toBe(req.url)
    expect('ctx' in inner && 'query' in inner).toBe(true)
    expect(inner instanceof (req.constructor as new () => unknown)).toBe(true)
    // Not an object whose prototype is the request (decision 042, seventeenth addendum): V8 would keep the request
    // alive past its end through the hidden classes it makes for it.
    expect(Object.getPrototypeOf(inner)).not.toBe(req)
    expect(Object.getPrototypeOf(inner)).toBe(Object.getPrototypeOf(req))
    // What the handler sets stays on its own request, as before.
    expect((inner as unknown as Record<string, unknown>).handlerNote).toBe('set by the handler')
    expect((req as unknown as Record<string, unknown>).handlerNote).toBeUndefined()
  })

  it('keeps the session rule, the validation and the not-found of the API', async () => {
    const viewer = await makeMember(database.db)
    const refused = await both(chatsEndpoint, {}, undefined)
    expect(refused.page.status).toBe(403)
    expect(refused.http.status).toBe(403)
    const invalid = await both(memberEndpoint, { query: { id: 0 } }, viewer.cookie)
    expect([invalid.page.status, invalid.http.status]).toEqual([400, 400])
    const missing = await both(memberEndpoint, { query: { id: 999_999_999 } }, viewer.cookie)
    expect([missing.page.status, missing.http.status]).toEqual([404, 404])
    expect(missing.page.body).toBeNull()
  })
})
