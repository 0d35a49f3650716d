// The typed client of endpoint definitions: address, query, path parameters, method and body come from the
// definition; the HTTP client under it keeps its rules (docs/decisions/016-endpoint-contracts.md).
import { z } from 'zod'
import { defineEndpoint } from '../../src/shared/endpoint'
import { callEndpoint, endpointKey, endpointUrl } from '../../src/shared/api-client'
import { likesEndpoint, swipeEndpoint, unblockEndpoint } from '../../src/features/discovery/endpoints'
import { sendImageEndpoint } from '../../src/features/chat/endpoints'

const json = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as unknown as Response

const photo = defineEndpoint({
  method: 'PUT',
  path: '/api/things/:owner/photos/:id',
  summary: 'test',
  session: 'member',
  params: z.object({ owner: z.string(), id: z.coerce.number() }),
  query: z.object({ size: z.enum(['s', 'l']).optional(), tag: z.array(z.string()).optional() }),
  body: z.object({ caption: z.string() }),
  response: z.object({ ok: z.boolean() }),
  errors: [],
})

describe('the typed client', () => {
  it('builds the address from the definition: path parameters encoded, absent query values left out, lists repeated', () => {
    expect(endpointUrl(photo, { params: { owner: 'a b', id: 3 }, query: { size: undefined, tag: ['x', 'y'] }, body: { caption: '' } })).toBe('/api/things/a%20b/photos/3?tag=x&tag=y')
    expect(endpointUrl(likesEndpoint, { query: { type: 'given', cursor: 'c/d' } })).toBe('/api/likes.php?type=given&cursor=c%2Fd')
    expect(endpointKey(likesEndpoint, null)).toBeNull()
    expect(endpointKey(likesEndpoint, { query: { type: 'matches' } })).toBe('/api/likes.php?type=matches')
  })

  it('sends the method and body of the definition and answers its response', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(json(200, { liked: true, match: false, likes_left: 3, resets_at: 'x' }))
    const res = await callEndpoint(swipeEndpoint, { body: { id: 4, action: 'like' } }, { fetchImpl })
    expect(res.likes_left).toBe(3)
    expect(fetchImpl).toHaveBeenCalledWith('/api/swipe.php', expect.objectContaining({ method: 'POST', body: JSON.stringify({ id: 4, action: 'like' }) }))
    const del = jest.fn().mockResolvedValue(json(200, { blocked: false }))
    await callEndpoint(unblockEndpoint, { query: { id: 9 } }, { fetchImpl: del })
    expect(del).toHaveBeenCalledWith('/api/block.php?id=9', expect.objectContaining({ method: 'DELETE', body: undefined }))
  })

  it('refuses to build an address without its path parameters', () => {
    expect(() => endpointUrl(photo, { params: { owner: 'a' } as never, query: {}, body: { caption: '' } })).toThrow('path parameter id missing')
  })

  it('sends an upload endpoint\'s file as multipart, without the JSON content type, and no retry of the POST', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(json(201, { message: { id: 1 }, credits: 5 }))
    const form = new FormData()
    form.append('file', new Blob(['x']))
    const res = await callEndpoint(sendImageEndpoint, { query: { member_id: 7, client_id: 'abcdefgh' } }, { form, fetchImpl })
    expect(res.credits).toBe(5)
    const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/message-image.php?member_id=7&client_id=abcdefgh')
    expect(init.method).toBe('POST')
    expect(init.body).toBe(form)
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined()
  })
})
