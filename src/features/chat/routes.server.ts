// The chat API: conversations (GET /api/chats.php, GET and DELETE /api/chat.php), messages (POST
// /api/message.php, POST /api/message-image.php), read state (POST /api/chat-read.php), gifts and GIFs, and
// the live socket /api/ws. Everything is scoped to the pool and the two participants: anyone else gets 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import multipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import { accounts, profiles } from '../../db/schema'
import { BANNED_CLOSE_CODE, liveClientEvent, type LiveServerEvent } from '../../shared/chat-contracts'
import { ApiError } from '../../shared/api-errors'
import * as api from './endpoints'
import { ChatError, SessionEnded, checkSendable, hideChats, listChats, markRead, messageCost, otherParticipant, presentMessage, readConversation, sendMessage, unreadTotal, type SendInput } from './chat.server'
import { GIFTS, giftImage } from './catalogue'
import { MAX_UPLOAD_BYTES, readUploadedImage, removeImageFiles, writeImageFiles } from '../photos/index.server'
import { forgetCachedSession, lookUpSession, type Account, type SessionLookup } from '../accounts/index.server'
import type { BalanceEvent } from '../payments/index.server'

const STATUS: Record<ChatError['code'], number> = {
  not_found: 404,
  blocked: 403,
  email_not_confirmed: 403,
  conversation_limit: 402,
  premium_required: 402,
  insufficient_credits: 402,
  message_too_long: 400,
  unknown_gift: 400,
  unknown_gif: 400,
  gif_unavailable: 503,
  vulnerable_review: 403,
}

/** Where a message goes (validated by the definitions: one of the two is given). */
type Target = { conversation_id?: number; member_id?: number }

export async function chatRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { sendError, isTenantOrigin, enforceLimit, route, sessionRefused } = core
  const { db } = app.services.database
  const { realtime, gifs } = app.services
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2 } })

  const viewerOf = (a: Account) => ({ pool: a.pool, id: a.id, paidUser: a.paidUser })
  const chatError = (req: FastifyRequest, err: unknown) => {
    if (err instanceof ChatError) {
      const { t, tenant } = req.ctx
      const message = err.code === 'not_found' ? t('errors.not_found') : err.code === 'gif_unavailable' ? t('errors.generic') : t(`chat.errors.${err.code}`)
      // The client turns insufficient_credits into the modal with a buy button, premium_required and
      // conversation_limit into the modal offering a bundle.
      return new ApiError(STATUS[err.code], err.code, message, undefined, err.code === 'insufficient_credits' ? { buy: '/credits' } : err.code === 'premium_required' || err.code === 'conversation_limit' ? { offer: '/premium', tenant: tenant.id } : undefined)
    }
    return err
  }
  const pushUnread = async (account: { id: number; pool: string; paidUser: boolean }) => {
    const total = await unreadTotal(db, { pool: account.pool, id: account.id, paidUser: account.paidUser })
    await realtime.publish([account.id], { type: 'unread', total } satisfies LiveServerEvent)
  }
  /** After a stored message: in one publish, the message to every tab of both members and the recipient's unread total. */
  const deliver = async (req: FastifyRequest, result: Awaited<ReturnType<typeof sendMessage>>) => {
    if (result.duplicate) return
    const account = req.ctx.account!
    const mediaBase = req.ctx.tenant.cdn_prefix
    const conversation_id = result.row.conversationId
    // A photo reaches a recipient who is not premium as the blurred copy only: whether they are is asked now.
    const [recipient] = result.row.kind === 'image' ? await db.select({ paidUser: accounts.paidUser }).from(accounts).where(eq(accounts.id, result.recipientId)) : []
    const recipientView = { id: result.recipientId, paidUser: recipient?.paidUser ?? false }
    await realtime.publishMany([
      { to: [account.id], event: { type: 'message', conversation_id, message: result.message } satisfies LiveServerEvent },
      { to: [result.recipientId], event: { type: 'message', conversation_id, message: presentMessage(result.row, recipientView, mediaBase) } satisfies LiveServerEvent },
      { to: [result.recipientId], event: { type: 'unread', total: result.recipientUnread ?? 0 } satisfies LiveServerEvent },
      // The sender's other tabs show the new balance (the ledger's balance event).
      { to: [account.id], event: { type: 'balance', credits: result.credits, paid_user: result.senderPaid ?? account.paidUser } satisfies BalanceEvent },
    ])
  }

  /** The message rate limit of the member (120 a minute). */
  const rateLimit = (req: FastifyRequest, account: Account) => enforceLimit(req, `message:${account.id}`, 120, 60)

  /** The session of the request's cookie, looked up now (the cached lookup may be older than its end). */
  const sessionNow = (req: FastifyRequest) => lookUpSession(db, req.cookies[app.services.config.sessionCookie], req.ctx.tenant)

  /** The refusal of a send whose session ended since the cached lookup; after a ban it says so (account_banned). */
  const sessionEnded = (req: FastifyRequest, found: SessionLookup) => {
    forgetCachedSession(db, req.cookies[app.services.config.sessionCookie], req.ctx.tenant)
    if (found?.banned) req.ctx.sessionBanned = true
    return sessionRefused(req)
  }

  const send = async (req: FastifyRequest, account: Account, message: SendInput['message'], where: Target, opts: { limited?: boolean } = {}) => {
    const { tenant } = req.ctx
    // The account came from the session cache (sendMessageEndpoint): to an existing conversation the send statement
    // checks the session and reads the sender's status, premium and vulnerable mark as stored now; a first message to
    // a member (the free members' conversation limit, checks made before the statement) looks the session up again.
    const sessionHash = req.ctx.sessionHash
    if (sessionHash !== undefined && where.conversation_id === undefined) {
      const fresh = await sessionNow(req)
      if (!fresh?.account) throw sessionEnded(req, fresh)
      account = fresh.account
    }
    if (!opts.limited) await rateLimit(req, account)
    try {
      const result = await sendMessage(db, {
        tenant,
        sender: { id: account.id, pool: account.pool, paidUser: account.paidUser, status: account.status, vulnerableAt: account.vulnerableAt },
        conversationId: where.conversation_id,
        memberId: where.conversation_id === undefined ? where.member_id : undefined,
        message,
        mediaBase: tenant.cdn_prefix,
        gifs,
        isOnline: (id) => realtime.isOnline(id),
        session: sessionHash !== undefined && where.conversation_id !== undefined ? { tokenHash: sessionHash, tenantId: tenant.id } : undefined,
      })
      await deliver(req, result)
      return { message: result.message, credits: result.credits, duplicate: result.duplicate }
    } catch (err) {
      if (err instanceof SessionEnded) throw sessionEnded(req, await sessionNow(req))
      throw chatError(req, err)
    }
  }

  route(app, api.chatsEndpoint, async (req) => {
    const { chats, unreadTotal: total } = await listChats(db, viewerOf(req.ctx.account), req.ctx.tenant.cdn_prefix)
    return { chats, unread_total: total }
  })

  route(app, api.conversationEndpoint, async (req) => {
    const { account, t } = req.ctx
    const q = req.query
    const opts = q.id === undefined && q.member_id !== undefined ? { memberId: q.member_id } : { conversationId: q.id!, before: q.before, after: q.after }
    const result = await readConversation(db, viewerOf(account), opts, req.ctx.tenant.cdn_prefix)
    if (!result) throw new ApiError(404, 'not_found', t('errors.not_found'))
    return result
  })

  // The busiest request of the product (bench/chat): its session is checked by the send statement itself, so the
  // request does not look it up first (sessionCheckedByHandler, SESSION_CACHE_MS).
  route(
    app,
    api.sendMessageEndpoint,
    async (req, reply) => {
      const { message, credits } = await send(req, req.ctx.account, req.body, req.query)
      reply.code(201)
      return { message, credits }
    },
    { sessionCheckedByHandler: true },
  )

  route(app, api.sendImageEndpoint, async (req, reply) => {
    const { account, t } = req.ctx
    const where = req.query
    if (!req.isMultipart()) throw new ApiError(400, 'not_an_image', t('photos.not_an_image'))
    // Every rule first (rate limit, conversation, blocks, balance), then the upload is read and decoded: a
    // refused send costs no decoding and leaves no file.
    await rateLimit(req, account)
    const { tenant } = req.ctx
    const sender = { id: account.id, pool: account.pool, paidUser: account.paidUser, status: account.status }
    const memberId = where.conversation_id === undefined ? where.member_id : undefined
    try {
      await checkSendable(db, { tenant, sender, conversationId: where.conversation_id, memberId, kind: 'image' })
    } catch (err) {
      throw chatError(req, err)
    }
    const image = await readUploadedImage(req)
    // Written for the message about to be stored; removed again when it is not (refused, or a retry of a
    // message stored before, which names the first upload's files).
    const media = app.services.media
    const photo = await writeImageFiles(image, media)
    let sent
    try {
      sent = await send(req, account, { kind: 'image', client_id: where.client_id, photo }, where, { limited: true })
    } catch (err) {
      await removeImageFiles(photo, media).catch(() => undefined)
      throw err
    }
    if (sent.duplicate) await removeImageFiles(photo, media).catch(() => undefined)
    reply.code(201)
    return { message: sent.message, credits: sent.credits }
  })

  route(app, api.chatReadEndpoint, async (req) => {
    const account = req.ctx.account
    const { id } = req.body
    const result = await markRead(db, viewerOf(account), id)
    if (!result) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    if (result.lastReadMessageId) {
      await realtime.publish([result.otherId, account.id], { type: 'read', conversation_id: id, member_id: account.id, last_read_message_id: result.lastReadMessageId } satisfies LiveServerEvent)
    }
    await pushUnread(account)
    return { ok: true as const }
  })

  route(app, api.deleteChatEndpoint, async (req) => {
    const account = req.ctx.account
    const by = req.query
    const ids = await hideChats(db, viewerOf(account), 'id' in by ? { id: by.id } : { profileId: by.profile_id })
    if (ids.length === 0) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    for (const id of ids) await realtime.publish([account.id], { type: 'chat_removed', conversation_id: id } satisfies LiveServerEvent)
    await pushUnread(account)
    return { removed: ids }
  })

  // Prices as the member pays them: a gift never costs less than a message in the member's country.
  route(app, api.giftsEndpoint, async (req) => {
    const account = req.ctx.account
    const [profile] = account ? await db.select({ country: profiles.country }).from(profiles).where(eq(profiles.accountId, account.id)) : []
    const country = profile?.country ?? Object.keys(req.ctx.tenant.countries)[0]
    return { gifts: GIFTS.map((g) => ({ id: g.id, image: giftImage(g.id), credits: messageCost(req.ctx.tenant, { kind: 'gift', gift_id: g.id }, country) })) }
  })

  route(app, api.gifsEndpoint, async (req) => {
    return gifs.search(req.query.q || undefined, req.ctx.lng)
  })

  // The live socket: one per open tab, authenticated by the session cookie of the upgrade request.
  // A page of another site must not open a socket with the member's cookie (cross-site WebSocket hijacking):
  // a browser always sends Origin on the upgrade, and it must be one of the tenant's own hosts.
  const sameSiteOnly = async (req: FastifyRequest, reply: FastifyReply) => {
    const origin = req.headers.origin
    if (req.ctx && origin !== undefined && !isTenantOrigin(req.ctx.tenant, origin, req.headers.host)) {
      return sendError(reply, new ApiError(403, 'forbidden_origin', req.ctx.t('errors.forbidden_origin')))
    }
  }
  app.get('/api/ws', { websocket: true, preHandler: sameSiteOnly }, (socket, req) => {
    const account = req.ctx?.account
    if (!account) {
      // A banned member's tab is told so (it shows the ban page), any other is only not logged in.
      if (req.ctx?.sessionBanned) socket.close(BANNED_CLOSE_CODE, 'account_banned')
      else socket.close(4401, 'authentication_required')
      return
    }
    const detach = realtime.attach(account.id, socket)
    let lastTyping = 0
    socket.on('message', async (raw: Buffer) => {
      let event
      try {
        event = liveClientEvent.parse(JSON.parse(raw.toString('utf8')))
      } catch {
        return
      }
      if (event.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }))
      // Typing: at most one event per second per tab, only to the other participant.
      const now = Date.now()
      if (now - lastTyping < 1000) return
      lastTyping = now
      const other = await otherParticipant(db, account, event.conversation_id).catch(() => undefined)
      if (other !== undefined) await realtime.publish([other], { type: 'typing', conversation_id: event.conversation_id, member_id: account.id } satisfies LiveServerEvent)
    })
    socket.on('close', detach)
    socket.on('error', detach)
    socket.send(JSON.stringify({ type: 'hello' }))
  })
}
