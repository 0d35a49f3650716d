// Isolation (issue 17): a route × pool × session matrix over every GET endpoint of the running app. A member of pool
// "gay" (mannenmatch) never sees anything of pool "main" (datingstad) and vice versa, a visitor sees no member-only
// data, and an id of the other pool answers 403/404 wherever an endpoint takes one.
import { describeEachDb } from '../support/db'
import { suiteApp } from '../support/app'
import { apiGetRoutes, HOSTS, makeWorld, markersOf, type WorldMember } from './fixture'

jest.setTimeout(180_000)

/** Endpoints that show one member, and the parameter naming them: another pool's member is not found. */
const ONE_MEMBER: Record<string, string> = { '/api/member.php': 'id', '/api/member-landing.php': 'id', '/api/chat.php': 'member_id' }

describeEachDb('isolation: route × pool × session', (kind) => {
  const suite = suiteApp(kind)

  it('no response of any GET endpoint carries the other pool, for members and visitors; cross-pool ids are 403/404', async () => {
    const { app, database } = suite
    const world = await makeWorld(app, database.db)
    // GET /api/logout.php ends the session the rest of the matrix uses: it is last, per session, below.
    const routes = apiGetRoutes(app).filter((r) => r !== '/api/logout.php')
    expect(routes).toEqual(expect.arrayContaining(['/api/search.php', '/api/member.php', '/api/likes.php', '/api/chats.php', '/api/match-finder.php', '/api/swipe-game.php']))
    const problems: string[] = []
    const sessions: { label: string; pool: 'main' | 'gay'; cookie?: string; viewer?: WorldMember }[] = [
      ...world.map((m) => ({ label: `${m.pool} member ${m.id}`, pool: m.pool, cookie: m.cookie, viewer: m })),
      { label: 'visitor of datingstad', pool: 'main' },
      { label: 'visitor of mannenmatch', pool: 'gay' },
    ]
    let requests = 0
    for (const s of sessions) {
      const others = world.filter((m) => m.pool !== s.pool)
      const own = world.filter((m) => m.pool === s.pool)
      const forbidden = others.flatMap(markersOf)
      for (const route of routes) {
        // Each route bare, and with every id parameter pointing at a member of the other pool and of the own pool.
        const urls = [route, ...[...others, ...own].flatMap((t) => [`${route}?id=${t.id}`, `${route}?member_id=${t.id}`, `${route}?profile_id=${t.id}`, `${route}?type=received&id=${t.id}`])]
        for (const url of urls) {
          const res = await app.inject({ url, headers: { host: HOSTS[s.pool], ...(s.cookie ? { cookie: s.cookie } : {}) } })
          requests++
          const leaked = forbidden.filter((f) => res.body.includes(f))
          if (leaked.length) problems.push(`${s.label} GET ${url} -> ${res.statusCode} shows ${leaked.join(', ')}`)
          if (res.statusCode >= 500) problems.push(`${s.label} GET ${url} -> ${res.statusCode}`)
          const param = ONE_MEMBER[route]
          const target = param && others.find((o) => new URL(url, 'http://x').searchParams.get(param) === String(o.id))
          if (target && ![403, 404].includes(res.statusCode)) problems.push(`${s.label} GET ${url} (other pool) -> ${res.statusCode}, expected 403/404`)
          // A visitor sees no e-mail address, and no member's own (premium-only) photo file.
          if (!s.cookie) {
            const memberOnly = world.flatMap((m) => [m.email, m.files.filename, m.files.thumbFilename])
            const seen = memberOnly.filter((f) => res.body.includes(f))
            if (seen.length) problems.push(`visitor GET ${url} -> ${res.statusCode} shows ${seen.join(', ')}`)
          }
        }
      }
      // The matrix is not vacuous: a member sees their own pool (the like received, the conversation).
      if (s.viewer) {
        const other = own.find((m) => m.id !== s.viewer!.id)!
        const chats = await app.inject({ url: '/api/chats.php', headers: { host: HOSTS[s.pool], cookie: s.cookie! } })
        expect(chats.body).toContain(other.name)
        const member = await app.inject({ url: `/api/member.php?id=${other.id}`, headers: { host: HOSTS[s.pool], cookie: s.cookie! } })
        expect(member.statusCode).toBe(200)
      }
    }
    // A session of one brand on the other pool's brand is no session there.
    const main = world.find((m) => m.pool === 'main')!
    const cross = await app.inject({ url: '/api/user.php', headers: { host: HOSTS.gay, cookie: main.cookie } })
    expect(cross.statusCode).toBe(403)
    expect(problems).toEqual([])
    expect(requests).toBeGreaterThan(routes.length * 6)
  })
})
