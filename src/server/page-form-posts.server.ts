import type { FastifyInstance } from 'fastify'

/**
 * A page's form posted without JavaScript (every form has method="post", decision 041 addendum 3; the inline loader
 * holds a submit until hydration, so this is a browser without scripts or one whose scripts failed): the browser is
 * sent back to the same address with 303 (a GET, nothing resent on reload). The body is read up to 64 KB and
 * discarded, never parsed or logged (it may hold a password); /api/ keeps its own routes (404 for others) and this
 * scope's parsers apply to this route only.
 */
export async function pageFormPosts(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, _body, done) => done(null, undefined))
  app.post('/*', async (req, reply) => {
    if (!req.ctx || req.url.startsWith('/api/')) return reply.callNotFound()
    return reply.redirect(req.url, 303)
  })
}
