// Photo leak (issue 17): every JSON a free member and a visitor get (search, member pages, likes, match finder,
// swipe game, member landings, settings, chats) holds no original or unblurred thumbnail address of another member:
// scanned for the file names in the photos table. Every GET route of the app is scanned, with each member's id.
import { describeEachDb } from '../support/db'
import { suiteApp } from '../support/app'
import { apiGetRoutes, HOSTS, makeWorld } from './fixture'

jest.setTimeout(180_000)

describeEachDb('photo leak: free members and visitors', (kind) => {
  const suite = suiteApp(kind)

  it('no answer to a free member or a visitor names another member\'s original or unblurred photo', async () => {
    const { app, database } = suite
    const world = await makeWorld(app, database.db)
    const routes = apiGetRoutes(app).filter((r) => r !== '/api/logout.php')
    const leaks: string[] = []
    let blurredSeen = 0
    for (const viewer of [...world, undefined]) {
      for (const pool of viewer ? [viewer.pool] : (['main', 'gay'] as const)) {
        const others = world.filter((m) => m.id !== viewer?.id)
        const secret = others.flatMap((m) => [m.files.filename, m.files.thumbFilename])
        const urls = routes.flatMap((r) => [r, ...world.map((m) => `${r}?id=${m.id}`), ...world.map((m) => `${r}?member_id=${m.id}`)])
        for (const url of urls) {
          const res = await app.inject({ url, headers: { host: HOSTS[pool], ...(viewer ? { cookie: viewer.cookie } : {}) } })
          const found = secret.filter((f) => res.body.includes(f))
          if (found.length) leaks.push(`${viewer ? `free member ${viewer.id}` : `visitor of ${pool}`} GET ${url} -> ${found.join(', ')}`)
          blurredSeen += others.filter((m) => res.body.includes(m.files.blurredFilename)).length
        }
      }
    }
    expect(leaks).toEqual([])
    // Not vacuous: the blurred copies are what they see.
    expect(blurredSeen).toBeGreaterThan(10)
  })
})
