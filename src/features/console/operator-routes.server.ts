// The chat operators' API (/api/admin/operator-*, decision 037). Definitions:
// src/features/console/operator-endpoints.ts. A reply is a message of the fictional profile sent through the
// chat's own send path (sendMessage: stored, counted unread, pushed or delivered live like any message), free for
// the profile, only on a conversation the operator has claimed, and audited with the operator who wrote it.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import { photos } from '../../db/schema'
import { ApiError } from '../../shared/api-errors'
import type { FeatureRouteOptions } from '../../server/core.server'
import * as api from './operator-endpoints'
import { claimConversation, fictionalConversation, holdsClaim, operatorQueue, readNote, writeNote } from './operator.server'
import { ChatError, markRead, presentMessage, readConversation, sendMessage, unreadTotal, type SendInput } from '../chat/index.server'
import { presentMemberCard } from '../discovery/index.server'
import { auditorOf, writeAudit } from './audit.server'
import { MAX_UPLOAD_BYTES, readUploadedImage, removeImageFiles, writeImageFiles } from '../photos/index.server'
import { allPools, poolsOf } from '../../shared/staff-policy'
import { isLocale } from '../../shared/locales'
import type { LiveServerEvent } from '../../shared/chat-contracts'
import type { Account } from '../accounts/index.server'
import type { Tenant } from '../../shared/tenant-schema'

const text = (v: Partial<Record<string, string>>, lng: string, fallback: string) => v[lng] ?? v[fallback] ?? Object.values(v)[0] ?? ''

export async function operatorRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  const { db } = app.services.database
  const { tenants, realtime, i18n, gifs } = app.services
  // Photos are uploaded as a member uploads one (POST /api/message-image.php).
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2 } })
  const pools = (staff: Account) => poolsOf(staff, allPools(tenants.all))
  const notFound = (req: FastifyRequest) => new ApiError(404, 'not_found', req.ctx.t('admin.errors.not_found'))
  const notClaimed = (req: FastifyRequest) => new ApiError(409, 'not_claimed', req.ctx.t('admin.operator.errors.not_claimed'))

  /** The conversation, if it is one with a fictional profile in the staff member's pools, with its brand. */
  const find = async (req: FastifyRequest & { ctx: { staff: Account } }, conversationId: number) => {
    const found = await fictionalConversation(db, pools(req.ctx.staff), conversationId)
    const tenant: Tenant | undefined = found && tenants.byId.get(found.member.account.tenantId)
    if (!found || !tenant) throw notFound(req)
    return { ...found, tenant }
  }

  route(app, api.operatorQueueEndpoint, async (req) => ({
    queue: await operatorQueue(db, pools(req.ctx.staff), req.ctx.staff.id),
    claim_seconds: api.OPERATOR_CLAIM_S,
  }))

  route(app, api.operatorClaimEndpoint, async (req) => {
    const staff = req.ctx.staff
    const { conversation, fictional, member, tenant } = await find(req, req.body.conversation_id)
    const claim = await claimConversation(db, conversation.pool, conversation.id, staff.id)
    if (!claim.ok) throw new ApiError(409, 'claimed', req.ctx.t('admin.operator.errors.claimed'))
    const mediaBase = tenant.cdn_prefix
    const fictionalViewer = { pool: conversation.pool, id: fictional.account.id, paidUser: true }
    const read = await readConversation(db, fictionalViewer, { conversationId: conversation.id }, mediaBase)
    if (!read) throw notFound(req)
    // The operator has read the member's messages: the member sees them read, as from any member.
    const marked = await markRead(db, fictionalViewer, conversation.id)
    if (marked?.lastReadMessageId) {
      await realtime.publish([member.account.id], { type: 'read', conversation_id: conversation.id, member_id: fictional.account.id, last_read_message_id: marked.lastReadMessageId } satisfies LiveServerEvent)
    }
    const [mainPhoto] = fictional.profile.mainPhotoId ? await db.select().from(photos).where(eq(photos.id, fictional.profile.mainPhotoId)) : []
    const lng = isLocale(member.account.language) ? member.account.language : tenant.default_locale
    const side = (s: typeof member) => ({ about: s.profile.about, birth_date: s.profile.birthDate, language: s.account.language })
    return {
      conversation_id: conversation.id,
      tenant_id: tenant.id,
      tenant_name: tenant.name,
      claimed_until: claim.expiresAt.toISOString(),
      member: { card: read.conversation.profile, ...side(member) },
      fictional: {
        card: presentMemberCard({ account: fictional.account, profile: fictional.profile, mainPhoto: mainPhoto ?? null }, { pool: conversation.pool, id: member.account.id, paidUser: member.account.paidUser }, mediaBase),
        ...side(fictional),
        label: text(tenant.fictional.singular, lng, tenant.default_locale),
        warning: text(tenant.fictional.warning, lng, tenant.default_locale),
      },
      messages: read.messages,
      note: await readNote(db, fictional.account.id, member.account.id),
      honest_answer: i18n.forRequest(lng).t('admin.operator.honest_answer_text', { brand: tenant.name }),
    }
  })

  type StaffRequest = FastifyRequest & { ctx: { staff: Account } }
  /** The claimed conversation of the request, or 404 / 409 not_claimed. */
  const claimed = async (req: StaffRequest, conversationId: number) => {
    const found = await find(req, conversationId)
    if (!(await holdsClaim(db, found.conversation.id, req.ctx.staff.id))) throw notClaimed(req)
    return found
  }
  /**
   * A message of the fictional profile, of any kind the chat has (text, GIF, photo): the chat's own send path, free
   * for the profile, delivered live to the member's tabs (a photo blurred for a member who is not premium, as from
   * a member), and audited with the operator who wrote it. A retry with the same client id changes nothing.
   */
  const replyAs = async (req: StaffRequest, conversationId: number, message: SendInput['message'], audit: Record<string, unknown>) => {
    const { conversation, fictional, member, tenant } = await claimed(req, conversationId)
    let result
    try {
      result = await sendMessage(db, {
        tenant,
        sender: { id: fictional.account.id, pool: conversation.pool, paidUser: true, status: 'active' },
        conversationId: conversation.id,
        message,
        mediaBase: tenant.cdn_prefix,
        gifs,
        isOnline: (id) => realtime.isOnline(id),
        free: true,
      })
    } catch (err) {
      if (err instanceof ChatError) {
        if (err.code === 'message_too_long') throw new ApiError(400, 'message_too_long', req.ctx.t('chat.errors.message_too_long'))
        if (err.code === 'blocked') throw new ApiError(409, 'blocked', req.ctx.t('chat.errors.blocked'))
        if (err.code === 'unknown_gif') throw new ApiError(400, 'unknown_gif', req.ctx.t('chat.errors.unknown_gif'))
        if (err.code === 'gif_unavailable') throw new ApiError(503, 'gif_unavailable', req.ctx.t('errors.generic'))
        throw notFound(req)
      }
      throw err
    }
    if (!result.duplicate) {
      const memberView = { id: member.account.id, paidUser: member.account.paidUser }
      await realtime.publishMany([
        { to: [member.account.id], event: { type: 'message', conversation_id: conversation.id, message: presentMessage(result.row, memberView, tenant.cdn_prefix) } satisfies LiveServerEvent },
        { to: [member.account.id], event: { type: 'unread', total: result.recipientUnread ?? (await unreadTotal(db, { pool: conversation.pool, ...memberView })) } satisfies LiveServerEvent },
      ])
      // Who wrote it: the message is the fictional profile's, the audit row names the operator.
      await writeAudit(db, auditorOf(req), {
        action: 'operator.reply', pool: conversation.pool, targetType: 'conversation', targetId: conversation.id,
        after: { message_id: result.row.id, fictional_id: fictional.account.id, member_id: member.account.id, kind: message.kind, ...audit },
      })
    }
    return result
  }

  route(app, api.operatorReplyEndpoint, async (req) => {
    const { conversation_id, client_id, text } = req.body
    return { message: (await replyAs(req, conversation_id, { kind: 'text', client_id, text }, { text })).message }
  })

  route(app, api.operatorReplyGifEndpoint, async (req) => {
    const { conversation_id, client_id, gif_id } = req.body
    return { message: (await replyAs(req, conversation_id, { kind: 'gif', client_id, gif_id }, { gif_id })).message }
  })

  route(app, api.operatorGifsEndpoint, async (req) => gifs.search(req.query.q || undefined, req.ctx.lng))

  route(app, api.operatorReplyImageEndpoint, async (req) => {
    const { t } = req.ctx
    const { conversation_id, client_id } = req.query
    // The conversation and the claim first: a refused send costs no decoding and leaves no file.
    await claimed(req, conversation_id)
    if (!req.isMultipart()) throw new ApiError(400, 'not_an_image', t('photos.not_an_image'))
    const image = await readUploadedImage(req)
    const media = app.services.media
    const photo = await writeImageFiles(image, media)
    let result
    try {
      result = await replyAs(req, conversation_id, { kind: 'image', client_id, photo }, { filename: photo.filename })
    } catch (err) {
      await removeImageFiles(photo, media).catch(() => undefined)
      throw err
    }
    // A retry of a photo stored before names the first upload's files.
    if (result.duplicate) await removeImageFiles(photo, media).catch(() => undefined)
    return { message: result.message }
  })

  route(app, api.operatorTypingEndpoint, async (req) => {
    const { conversation, fictional, member } = await find(req, req.body.conversation_id)
    if (!(await holdsClaim(db, conversation.id, req.ctx.staff.id))) throw notClaimed(req)
    await realtime.publish([member.account.id], { type: 'typing', conversation_id: conversation.id, member_id: fictional.account.id } satisfies LiveServerEvent)
    return { ok: true as const }
  })

  route(app, api.operatorNoteEndpoint, async (req) => {
    const staff = req.ctx.staff
    const { conversation, fictional, member } = await find(req, req.body.conversation_id)
    if (!(await holdsClaim(db, conversation.id, staff.id))) throw notClaimed(req)
    const before = await writeNote(db, { pool: conversation.pool, fictionalId: fictional.account.id, memberId: member.account.id, note: req.body.note, staffId: staff.id })
    await writeAudit(db, auditorOf(req), {
      action: 'operator.note', pool: conversation.pool, targetType: 'member', targetId: member.account.id,
      before: { fictional_id: fictional.account.id, note: before }, after: { fictional_id: fictional.account.id, note: req.body.note },
    })
    return { note: req.body.note }
  })
}
