import { afterSessionRefused } from '../../src/shared/next-path'
import { getStaticJson, http, HttpError, SilentAbort, setAuthenticationRequiredHandler, setGenericErrorMessage } from '../../src/shared/http'

// jsdom has no Response: the client only reads ok, status and json().
const json = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response
const noSleep = () => Promise.resolve()

describe('the HTTP client', () => {
  it('retries idempotent requests up to 5 times with growing delays', async () => {
    const delays: number[] = []
    const fetchImpl = jest.fn().mockRejectedValue(new TypeError('network'))
    const err = await http('/api/settings.php', { fetchImpl, sleep: async (ms) => void delays.push(ms) }).catch((e) => e)
    // After the last retry: the generic text, in Dutch until the page registers its language.
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({ status: 0, code: 'network', message: 'Er is een fout opgetreden, probeer het later opnieuw.' })
    expect(fetchImpl).toHaveBeenCalledTimes(6)
    expect(delays).toEqual([200, 400, 800, 1600, 3200])
  })

  it('succeeds after a 503', async () => {
    const fetchImpl = jest.fn().mockResolvedValueOnce(json(503, {})).mockResolvedValueOnce(json(200, { ok: 1 }))
    await expect(http('/api/settings.php', { fetchImpl, sleep: noSleep })).resolves.toEqual({ ok: 1 })
  })

  it('does not retry a POST', async () => {
    const fetchImpl = jest.fn().mockRejectedValue(new TypeError('network'))
    await expect(http('/api/complaints.php', { method: 'POST', body: {}, fetchImpl, sleep: noSleep })).rejects.toThrow()
    expect(fetchImpl).toHaveBeenCalledTimes(1)
  })

  it('turns 403 authentication_required into a logout and a silent abort', async () => {
    const onAuth = jest.fn()
    setAuthenticationRequiredHandler(onAuth)
    const fetchImpl = jest.fn().mockResolvedValue(json(403, { error: 'authentication_required', authentication_required: true, message: 'x' }))
    await expect(http('/api/chats.php', { fetchImpl })).rejects.toBeInstanceOf(SilentAbort)
    expect(onAuth).toHaveBeenCalledTimes(1)
    expect(onAuth).toHaveBeenCalledWith({ banned: false })
  })

  it('tells the logout handler when the session was refused because staff banned the member', async () => {
    const onAuth = jest.fn()
    setAuthenticationRequiredHandler(onAuth)
    const fetchImpl = jest.fn().mockResolvedValue(json(403, { error: 'account_banned', authentication_required: true, ban_page: '/pages/ban', message: 'x' }))
    await expect(http('/api/likes.php', { fetchImpl })).rejects.toBeInstanceOf(SilentAbort)
    expect(onAuth).toHaveBeenCalledWith({ banned: true })
    // Where the tab goes then: the ban page; after any other refusal the login page, back here afterwards.
    expect(afterSessionRefused({ banned: true }, '/chats?id=3')).toBe('/pages/ban')
    expect(afterSessionRefused({ banned: false }, '/chats?id=3')).toBe('/login?next=%2Fchats%3Fid%3D3')
  })

  it('leaves user.php answers to the caller and marks them as client requests', async () => {
    const onAuth = jest.fn()
    setAuthenticationRequiredHandler(onAuth)
    const fetchImpl = jest.fn().mockResolvedValue(json(403, { error: 'authentication_required', authentication_required: true, message: 'Log in' }))
    await expect(http('/api/user.php', { fetchImpl })).rejects.toBeInstanceOf(HttpError)
    expect(onAuth).not.toHaveBeenCalled()
    expect(fetchImpl.mock.calls[0][1].headers['X-Request-Type']).toBe('client')
  })

  it('gives the code, message and field errors of an API error', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(json(400, { error: 'invalid_input', message: 'Controleer', fields: { email: 'Ongeldige e-mail' } }))
    const err = await http('/api/complaints.php', { method: 'POST', body: {}, fetchImpl }).catch((e) => e)
    expect(err).toBeInstanceOf(HttpError)
    expect(err).toMatchObject({ status: 400, code: 'invalid_input', fields: { email: 'Ongeldige e-mail' } })
  })

  it('gives the generic text of the page language for anything unexpected, and the API message for its refusals', async () => {
    setGenericErrorMessage(() => 'Something went wrong, please try again later.')
    try {
      const proxy = jest.fn().mockResolvedValue({ ok: false, status: 502, json: async () => Promise.reject(new SyntaxError('html')) } as unknown as Response)
      expect(await http('/api/settings.php', { fetchImpl: proxy, sleep: noSleep }).catch((e) => e)).toMatchObject({ status: 502, code: 'internal', message: 'Something went wrong, please try again later.' })
      expect(proxy).toHaveBeenCalledTimes(6)
      const empty = jest.fn().mockResolvedValue(json(500, {}))
      expect(await http('/api/complaints.php', { method: 'POST', body: {}, fetchImpl: empty }).catch((e) => e)).toMatchObject({ status: 500, message: 'Something went wrong, please try again later.' })
      const refusal = jest.fn().mockResolvedValue(json(503, { error: 'maintenance', message: 'Datingstad is tijdelijk niet bereikbaar' }))
      expect(await http('/api/complaints.php', { method: 'POST', body: {}, fetchImpl: refusal }).catch((e) => e)).toMatchObject({ code: 'maintenance', message: 'Datingstad is tijdelijk niet bereikbaar' })
    } finally {
      setGenericErrorMessage(() => 'Er is een fout opgetreden, probeer het later opnieuw.')
    }
  })

  it('does not retry a 4xx answer', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(json(404, { error: 'not_found', message: 'Niet gevonden' }))
    await expect(http('/api/members.php/1', { fetchImpl, sleep: noSleep })).rejects.toMatchObject({ status: 404, message: 'Niet gevonden' })
    expect(fetchImpl).toHaveBeenCalledTimes(1)
  })

  it('retries PUT and DELETE like GET, never POST or PATCH (not safe to send twice)', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const fetchImpl = jest.fn().mockRejectedValueOnce(new TypeError('network')).mockResolvedValueOnce(json(200, { ok: 1 }))
      expect(await http('/api/x.php', { method, body: {}, fetchImpl, sleep: noSleep })).toEqual({ ok: 1 })
      expect(fetchImpl).toHaveBeenCalledTimes(2)
    }
    for (const method of ['POST', 'PATCH'] as const) {
      const fetchImpl = jest.fn().mockResolvedValue(json(503, {}))
      await expect(http('/api/x.php', { method, body: {}, fetchImpl, sleep: noSleep })).rejects.toMatchObject({ status: 503 })
      expect(fetchImpl).toHaveBeenCalledTimes(1)
    }
  })

  it('loads a static JSON file (the UI catalogue) with the same retries', async () => {
    const fetchImpl = jest.fn().mockRejectedValueOnce(new TypeError('network')).mockResolvedValueOnce(json(502, {})).mockResolvedValueOnce(json(200, { nl: { ui: {} } }))
    expect(await getStaticJson('/assets/ui.nl.json', { fetchImpl, sleep: noSleep })).toEqual({ nl: { ui: {} } })
    expect(fetchImpl).toHaveBeenCalledTimes(3)
  })
})

describe('after the member ended their own session (logout, a deleted account)', () => {
  it('calls still in flight no longer send the member to the login page instead of where the page goes', async () => {
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('../../src/shared/http')
      const onAuth = jest.fn()
      fresh.setAuthenticationRequiredHandler(onAuth)
      const fetchImpl = jest.fn().mockResolvedValue(json(403, { error: 'authentication_required', authentication_required: true, message: 'x' }))
      fresh.leaveAfterSessionEnd('#account-deleted')
      expect(window.location.hash).toBe('#account-deleted')
      await expect(fresh.http('/api/chats.php', { fetchImpl })).rejects.toBeInstanceOf(fresh.SilentAbort)
      expect(onAuth).not.toHaveBeenCalled()
    })
  })
})
