// GET /api/settings.php?forced_domain=: another brand's settings on the marketers' preview host and on localhost in
// development, ignored on the brands' own domains and in production.
import type { FastifyInstance } from 'fastify'
import { openTestDatabase } from '../support/db'
import { makeTestApp } from '../support/app'
import type { Database } from '../../src/db/client.server'

jest.setTimeout(60_000)

let database: Database
const apps: FastifyInstance[] = []
beforeAll(async () => {
  database = await openTestDatabase('pglite')
})
afterAll(async () => {
  for (const app of apps) await app.close()
  await database?.close()
})
const make = async (env: Record<string, string>) => {
  const app = await makeTestApp(database, env)
  apps.push(app)
  return app
}
const nameOf = async (app: FastifyInstance, host: string, query = '?forced_domain=flirtbelgie.be') =>
  (await app.inject({ method: 'GET', url: `/api/settings.php${query}`, headers: { host } })).json().name

it('answers the forced brand on the preview host and on localhost outside production, and ignores it elsewhere', async () => {
  const app = await make({})
  expect(await nameOf(app, 'datingstad.localhost:3000')).toBe('FlirtBelgië')
  expect(await nameOf(app, 'mannenmatch.localhost:3000', '?forced_domain=www.rijpedates.nl')).toBe('RijpeDates')
  // A brand's own domain never shows another brand's settings.
  expect(await nameOf(app, 'datingstad.nl')).toBe('Datingstad')
  // An unknown domain changes nothing; the other query parameters of the route are allowed.
  expect(await nameOf(app, 'datingstad.localhost:3000', '?forced_domain=nergens.example&page=2')).toBe('Datingstad')
  const bad = await app.inject({ method: 'GET', url: `/api/settings.php?forced_domain=${'x'.repeat(300)}`, headers: { host: 'datingstad.nl' } })
  expect(bad.statusCode).toBe(400)
})

it('in production, honours it only on a listed preview host (PREVIEW_HOSTS)', async () => {
  // The preview host is served by a tenant (its domain, or DEFAULT_TENANT); here one of the local names.
  const app = await make({ NODE_ENV: 'production', PREVIEW_HOSTS: 'datingstad.localhost' })
  expect(await nameOf(app, 'datingstad.localhost:3000')).toBe('FlirtBelgië')
  expect(await nameOf(app, 'mannenmatch.localhost:3000')).not.toBe('FlirtBelgië')
  expect(await nameOf(app, 'datingstad.nl')).toBe('Datingstad')
})
