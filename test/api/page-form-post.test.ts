// A page's form posted without JavaScript (decision 041, addendum 3): every form has method="post", and the server
// answers a POST to a page's address with 303 back to it, the body read and discarded, never parsed or logged.
import type { FastifyInstance } from 'fastify'
import { describeEachDb, openTestDatabase } from '../support/db'
import { hostOf, makeServices } from '../support/app'
import { buildApp } from '../../src/server/app.server'
import { pageFormPosts } from '../../src/server/page-form-posts.server'
import type { Database } from '../../src/db/client.server'

jest.setTimeout(120_000)

describeEachDb('a page answers a form posted without JavaScript', (kind) => {
  let database: Database
  let app: FastifyInstance
  const log: string[] = []
  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await buildApp({
      services: await makeServices(database, { LOG_LEVEL: 'info' }),
      pages: async (a) => {
        await a.register(pageFormPosts)
      },
      logStream: { write: (line: string) => void log.push(line) },
    })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const form = 'email=premium%40datingstad.demo&password=geheim-wachtwoord-42'
  const post = (url: string, payload: string, contentType = 'application/x-www-form-urlencoded') =>
    app.inject({ method: 'POST', url, headers: { host: hostOf('datingstad'), 'content-type': contentType, origin: `http://${hostOf('datingstad')}` }, payload })

  it('sends the browser back to the same address with 303, without the fields, and logs none of them', async () => {
    const res = await post('/login', form)
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe('/login')
    expect(res.body).not.toContain('geheim')
    const withQuery = await post('/reset-password/do?token=abc', 'password=geheim-wachtwoord-42&password_repeat=geheim-wachtwoord-42')
    expect(withQuery.statusCode).toBe(303)
    expect(withQuery.headers.location).toBe('/reset-password/do?token=abc')
    // multipart (a form with enctype) and text/plain are read and discarded the same way.
    const multipart = await post('/signup', '--x\r\nContent-Disposition: form-data; name="password"\r\n\r\ngeheim-wachtwoord-42\r\n--x--\r\n', 'multipart/form-data; boundary=x')
    expect(multipart.statusCode).toBe(303)
    expect((await post('/signup', 'password=geheim-wachtwoord-42', 'text/plain')).statusCode).toBe(303)
    expect(log.length).toBeGreaterThan(0)
    expect(log.join('\n')).not.toContain('geheim')
    expect(log.join('\n')).not.toContain('premium%40')
  })

  it('leaves the API alone (an unknown API address stays 404, a known one keeps its JSON parser) and refuses a huge body', async () => {
    expect((await post('/api/no-such-endpoint.php', form)).statusCode).toBe(404)
    const login = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: hostOf('datingstad'), 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'nobody@example.nl', password: 'wrong-password-1' }) })
    expect(login.statusCode).toBe(401)
    expect(login.json()).toMatchObject({ error: 'login_failed' })
    const huge = await post('/login', `password=${'x'.repeat(70 * 1024)}`)
    expect(huge.statusCode).toBe(413)
  })
})
