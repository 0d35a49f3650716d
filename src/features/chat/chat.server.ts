// Conversations and messages: who may read and write them, what a message costs (charged in the same
// statement as the message, never below zero under concurrent sends), idempotent retries by client id,
// unread counts and hiding. Live delivery is the caller's job (routes.server.ts).
import crypto from 'node:crypto'
import pg from 'pg'
import { and, desc, eq, fillPlaceholders, gt, inArray, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db, Tx } from '../../db/client.server'
import { perDatabase } from '../../db/per-database.server'
import { accounts, blocks, conversationMembers, conversations, messages, photos, profiles } from '../../db/schema'
import type { ChatListItem, ChatMessage, SendMessageRequest } from '../../shared/chat-contracts'
import type { Tenant } from '../../shared/tenant-schema'
import { memberCardColumns, presentMemberCard } from '../discovery/index.server'
import { findVisibleMember, type Viewer } from '../discovery/index.server'
import { GIFTS, giftImage } from './catalogue'
import { createGifSource, GifUnavailable, type GifSource } from './gifs.server'
import { MESSAGE_PUSH_ATTEMPTS, MESSAGE_PUSH_JOB } from './message-push.server'
import { MESSAGE_MAIL_DELAY_S, MESSAGE_MAIL_JOB } from '../notifications/index.server'
import { chargeSql, ledgerEntrySql, type LedgerReason } from '../payments/index.server'

const BUILTIN_GIF_SOURCE = createGifSource({})

/** SPEC.md sections 5 and 9: free members start at most 2 conversations. */
export const FREE_CONVERSATION_LIMIT = 2
export const PAGE_SIZE = 30

export type ChatErrorCode =
  | 'not_found'
  | 'blocked'
  | 'email_not_confirmed'
  | 'conversation_limit'
  | 'premium_required'
  | 'insufficient_credits'
  | 'message_too_long'
  | 'unknown_gift'
  | 'unknown_gif'
  | 'gif_unavailable'
  | 'vulnerable_review'

export class ChatError extends Error {
  constructor(public code: ChatErrorCode) {
    super(code)
  }
}

export interface Sender {
  id: number
  pool: string
  paidUser: boolean
  status: string
  /** Marked vulnerable by a chat operator: no paid messages to fictional profiles until staff review it. */
  vulnerableAt?: Date | null
}

type MessageRow = typeof messages.$inferSelect

const viewerOf = (s: Sender) => ({ pool: s.pool, id: s.id, paidUser: s.paidUser })

/** The conversation of two members, when the viewer is one of them (same pool). */
async function membership(db: Db | Tx, pool: string, conversationId: number, accountId: number) {
  const [row] = await db
    .select({ conversation: conversations, me: conversationMembers })
    .from(conversations)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.accountId, accountId)))
    .where(and(eq(conversations.id, conversationId), eq(conversations.pool, pool)))
    .limit(1)
  if (!row) return undefined
  const otherId = row.conversation.memberA === accountId ? row.conversation.memberB : row.conversation.memberA
  return { ...row, otherId }
}

/**
 * Who stays a chat partner: a member of the pool who is not deleted or disabled and not blocked either way.
 * (Starting a conversation needs more: the member must be visible, see findVisibleMember.) An invisible or
 * not yet confirmed member keeps their conversations.
 */
function chatPartner(viewer: { pool: string | Placeholder; id: number | Placeholder }): SQL {
  return and(
    eq(accounts.pool, viewer.pool),
    inArray(accounts.status, ['active', 'not_confirmed']),
    sql`not exists (select 1 from ${blocks} b where b.pool = ${viewer.pool} and ((b.blocker_id = ${accounts.id} and b.blocked_id = ${viewer.id}) or (b.blocker_id = ${viewer.id} and b.blocked_id = ${accounts.id})))`,
  ) as SQL
}

async function findChatPartner(db: Db | Tx, viewer: Viewer & { id: number }, memberId: number) {
  const [row] = await db
    .select({ account: accounts, profile: profiles })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(and(eq(accounts.id, memberId), chatPartner(viewer)))
    .limit(1)
  return row
}

async function isBlockedEitherWay(db: Db | Tx, pool: string, a: number, b: number) {
  const [row] = await db
    .select({ x: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.pool, pool), or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)))))
    .limit(1)
  return row !== undefined
}

/**
 * The least a message costs a sender from `country`, in credits. The tenant's message_credits are the price in its
 * first (home) country; minimum_message_costs names per country the least a message may cost in money, so a
 * country with a higher minimum pays proportionally more credits (only between countries of one currency).
 */
export function minimumMessageCredits(tenant: Tenant, country: string | null | undefined): number {
  const base = tenant.credits.message_credits
  const minimum = tenant.credits.minimum_message_costs
  const home = minimum[Object.keys(tenant.countries)[0]]
  const here = country ? minimum[country] : undefined
  if (!home || !here || home.currency !== here.currency || home.costs <= 0) return base
  // The epsilon keeps 12.000000001 (floating point) from becoming 13.
  return Math.max(base, Math.ceil((base * here.costs) / home.costs - 1e-9))
}

/** What a message of this kind costs a sender from `country`: its own price, never below the country's minimum. */
export function messageCost(tenant: Tenant, req: { kind: string; gift_id?: string }, country?: string | null): number {
  const own =
    req.kind === 'image'
      ? tenant.credits.photo_credits
      : req.kind === 'gift'
        ? tenant.credits.gift_credits * (GIFTS.find((g) => g.id === req.gift_id)?.factor ?? 1)
        : tenant.credits.message_credits
  return own === 0 ? 0 : Math.max(own, minimumMessageCredits(tenant, country))
}

/** Who reads a message: one of its two participants, premium or not. */
export interface MessageViewer {
  id: number
  paidUser: boolean
}

/**
 * A photo message's image for this viewer: the original for its sender and for premium members; for anyone
 * else the blurred copy, locked (docs/decisions/007-photos.md: free members see others' photos blurred).
 */
function presentMessageImage(files: { filename: string; thumbFilename: string; blurredFilename?: string }, mine: boolean, viewer: MessageViewer, mediaBase: string): ChatMessage['image'] {
  const media = (name: string) => `${mediaBase}/media/${name}`
  if (mine || viewer.paidUser) return { filename: media(files.filename), thumb_filename: media(files.thumbFilename), locked: false }
  const blurred = files.blurredFilename ? media(files.blurredFilename) : null
  return { filename: blurred, thumb_filename: blurred, locked: true }
}

/** What a message looks like to one of the two participants. */
export function presentMessage(m: MessageRow, viewer: MessageViewer, mediaBase: string): ChatMessage {
  const viewerId = viewer.id
  let gif: ChatMessage['gif'] = null
  let image: { filename: string; thumbFilename: string; blurredFilename?: string } | undefined
  try {
    if (m.kind === 'gif' && m.body) gif = { id: m.gifId ?? '', ...(JSON.parse(m.body) as { url: string; width: number; height: number }) }
    if (m.kind === 'image' && m.body) image = JSON.parse(m.body) as { filename: string; thumbFilename: string; blurredFilename?: string }
  } catch {
    // A body that is not JSON shows as an empty message rather than failing the whole list.
  }
  return {
    id: m.id,
    conversation_id: m.conversationId,
    mine: m.senderId === viewerId,
    client_id: m.senderId === viewerId ? m.clientId : null,
    kind: m.kind as ChatMessage['kind'],
    text: m.kind === 'text' ? m.body : null,
    image: m.kind === 'image' && image ? presentMessageImage(image, m.senderId === viewerId, viewer, mediaBase) : null,
    gift: m.kind === 'gift' && m.giftId ? { id: m.giftId, image: giftImage(m.giftId) } : null,
    gif,
    created_at: m.createdAt.toISOString(),
  }
}

export interface SendInput {
  tenant: Tenant
  sender: Sender
  /** An existing conversation, or the member to write to (the conversation is made by the first message). */
  conversationId?: number
  memberId?: number
  message: SendMessageRequest | { kind: 'image'; client_id: string; photo: { filename: string; thumbFilename: string; blurredFilename: string; width: number; height: number } }
  mediaBase: string
  /** Resolves a GIF id (built-in catalogue or GIPHY); the built-in catalogue without it. */
  gifs?: GifSource
  /**
   * Whether the recipient has an open tab on any instance. When not, a web push job and a delayed e-mail job are
   * queued in the message's transaction. Without it neither is queued.
   */
  isOnline?: (accountId: number) => Promise<boolean>
  /** A fictional profile's reply written by a chat operator (the console): it costs the profile nothing. */
  free?: boolean
  /**
   * The request's session, checked by the send statement itself (an existing conversation): the route then took the
   * sender from a short-lived cache instead of a look-up of its own (chat routes). A session that ended (logout,
   * expiry, ban, deletion) throws SessionEnded and nothing is stored.
   */
  session?: { tokenHash: string; tenantId: string }
}

/** The session that SendInput.session named is no longer valid: answered as authentication_required. */
export class SessionEnded extends Error {
  constructor() {
    super('session_ended')
  }
}

/**
 * The rules of a send asked before an expensive message (an image) is decoded and written: the conversation or
 * member, blocks, replying, the free members' conversation limit and the balance. Throws ChatError like
 * sendMessage; sendMessage checks them all again in its statement (this is only the cheap early answer).
 */
export async function checkSendable(db: Db, input: { tenant: Tenant; sender: Sender; conversationId?: number; memberId?: number; kind: 'image' | 'text' | 'gif' }) {
  const { sender, tenant } = input
  const pool = sender.pool
  let conversation: typeof conversations.$inferSelect | undefined
  let otherId: number
  if (input.conversationId !== undefined) {
    const m = await membership(db, pool, input.conversationId, sender.id)
    if (!m) throw new ChatError('not_found')
    conversation = m.conversation
    otherId = m.otherId
  } else if (input.memberId !== undefined) {
    otherId = input.memberId
    if (otherId === sender.id) throw new ChatError('not_found')
    const [a, b] = sender.id < otherId ? [sender.id, otherId] : [otherId, sender.id]
    ;[conversation] = await db.select().from(conversations).where(and(eq(conversations.pool, pool), eq(conversations.memberA, a), eq(conversations.memberB, b))).limit(1)
  } else {
    throw new ChatError('not_found')
  }
  if (await isBlockedEitherWay(db, pool, sender.id, otherId)) throw new ChatError('blocked')
  if (conversation) {
    if (!(await findChatPartner(db, viewerOf(sender), otherId))) throw new ChatError('not_found')
    if (conversation.startedBy !== sender.id && sender.status !== 'active') throw new ChatError('email_not_confirmed')
  } else {
    if (!(await findVisibleMember(db, viewerOf(sender), otherId))) throw new ChatError('not_found')
    if (!sender.paidUser) {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(conversations).where(and(eq(conversations.pool, pool), eq(conversations.startedBy, sender.id)))
      if (Number(row.n) >= FREE_CONVERSATION_LIMIT) throw new ChatError('conversation_limit')
    }
  }
  const [me] = await db.select({ credits: accounts.credits, country: profiles.country }).from(accounts).leftJoin(profiles, eq(profiles.accountId, accounts.id)).where(eq(accounts.id, sender.id))
  if (!me || me.credits < messageCost(tenant, { kind: input.kind }, me.country)) throw new ChatError('insufficient_credits')
}

export interface SendResult {
  message: ChatMessage
  /** The stored row (for live delivery to the other member). */
  row: MessageRow
  recipientId: number
  credits: number
  /** The sender's premium state as the send read it (absent for a duplicate). */
  senderPaid?: boolean
  /** The recipient's unread total right after this message (absent for a duplicate). */
  recipientUnread?: number
  /** A retry of a message stored before: nothing was stored or charged again. */
  duplicate: boolean
}

/**
 * Stores and charges one message. Throws ChatError for every refusal; a retry with the same client id answers
 * the stored message without charging again.
 *
 * The common case, a message in an existing conversation, is one statement (sendStatement) that makes every
 * check and the whole send; the conversation's participants come from a cache, so whether the recipient has an
 * open tab (push or not) is known before it (see docs/decisions/010-chat-delivery.md and bench/chat).
 */
export async function sendMessage(db: Db, input: SendInput): Promise<SendResult> {
  const { tenant, sender, message } = input
  const pool = sender.pool
  if (message.kind === 'text' && message.text.length > tenant.message_length) throw new ChatError('message_too_long')
  if (message.kind === 'gift' && !GIFTS.some((g) => g.id === message.gift_id)) throw new ChatError('unknown_gift')
  let gifBody: string | null = null
  if (message.kind === 'gif') {
    let gif
    try {
      gif = await (input.gifs ?? BUILTIN_GIF_SOURCE).resolve(message.gif_id)
    } catch (err) {
      if (err instanceof GifUnavailable) throw new ChatError('gif_unavailable')
      throw err
    }
    if (!gif) throw new ChatError('unknown_gif')
    gifBody = JSON.stringify(gif)
  }
  const stored = {
    pool,
    senderId: sender.id,
    clientId: message.client_id,
    kind: message.kind,
    // A chat image is not a profile photo: its files are named in the message alone.
    body:
      message.kind === 'text'
        ? message.text
        : message.kind === 'image'
          ? JSON.stringify({ filename: message.photo.filename, thumbFilename: message.photo.thumbFilename, blurredFilename: message.photo.blurredFilename })
          : gifBody,
    giftId: message.kind === 'gift' ? message.gift_id : null,
    gifId: message.kind === 'gif' ? message.gif_id : null,
    reason: (message.kind === 'text' || message.kind === 'gif' ? 'message' : message.kind === 'image' ? 'photo' : 'gift') as LedgerReason,
  }
  const priced = message.kind === 'gift' ? message : { kind: message.kind }
  const shapeOf = (session: boolean): SendShape => ({ tenant, priced, free: input.free === true, session })
  // Asked before anything is written, so no lock is held while Redis answers; a failing presence store means push.
  const offline = async (recipientId: number) => (input.isOnline ? !(await input.isOnline(recipientId).catch(() => false)) : false)
  // A member marked vulnerable sends no paid message to a fictional profile until staff review it (the ACM
  // commitments, decision 037 addendum). Only a marked sender pays for this look-up; everyone else's send is unchanged.
  const refuseIfVulnerable = async (recipientId: number) => {
    if (!sender.vulnerableAt || input.free) return
    const [r] = await db.select({ fictional: accounts.fictional }).from(accounts).where(eq(accounts.id, recipientId))
    if (r?.fictional) throw new ChatError('vulnerable_review')
  }

  try {
    if (input.conversationId !== undefined) {
      // The recipient is known before the statement (participants never change), so presence can decide the push.
      const pair = await participants(db, pool, input.conversationId)
      if (!pair || (pair[0] !== sender.id && pair[1] !== sender.id)) throw new ChatError('not_found')
      const recipientId = pair[0] === sender.id ? pair[1] : pair[0]
      // A marked sender writing to a fictional profile is refused by the statement (vulnerable), on the account as stored now.
      const session = input.session
      const r = await sendStatement(db, shapeOf(session !== undefined), {
        ...stored,
        conversationId: input.conversationId,
        recipientId,
        push: await offline(recipientId),
        sessionHash: session?.tokenHash ?? null,
        tenantId: session?.tenantId ?? null,
      })
      if (!r.authenticated) throw new SessionEnded()
      if (!r.found) throw new ChatError('not_found')
      if (r.vulnerable) throw new ChatError('vulnerable_review')
      if (r.duplicate) return (await findByClientId(db, sender.id, message.client_id, input.mediaBase))!
      if (r.blocked) throw new ChatError('blocked')
      if (!r.partner) throw new ChatError('not_found')
      // SPEC.md section 6: replying needs a confirmed e-mail address.
      if (!r.mayWrite) throw new ChatError('email_not_confirmed')
      if (r.row) return { message: presentMessage(r.row, { id: sender.id, paidUser: r.senderPaid }, input.mediaBase), row: r.row, recipientId, credits: r.credits!, senderPaid: r.senderPaid, recipientUnread: r.recipientUnread, duplicate: false }
      // Not charged: out of credits, or a parallel retry of this very send got there first.
      const winner = await findByClientId(db, sender.id, message.client_id, input.mediaBase)
      if (winner) return winner
      throw new ChatError('insufficient_credits')
    }
    if (input.memberId === undefined) throw new ChatError('not_found')

    // To a member: the conversation of the pair, or a new one made by this message.
    const existing = await findByClientId(db, sender.id, message.client_id, input.mediaBase)
    if (existing) return existing
    const recipientId = input.memberId
    const [a, b] = sender.id < recipientId ? [sender.id, recipientId] : [recipientId, sender.id]
    const [c] = await db.select().from(conversations).where(and(eq(conversations.pool, pool), eq(conversations.memberA, a), eq(conversations.memberB, b))).limit(1)
    if (c) return await sendMessage(db, { ...input, conversationId: c.id, memberId: undefined })
    if (recipientId === sender.id) throw new ChatError('not_found')
    await refuseIfVulnerable(recipientId)
    if (await isBlockedEitherWay(db, pool, sender.id, recipientId)) throw new ChatError('blocked')
    // A new conversation needs a member the sender may see.
    if (!(await findVisibleMember(db, viewerOf(sender), recipientId))) throw new ChatError('not_found')
    const push = await offline(recipientId)
    return await db.transaction(async (tx) => {
      // One sender's new conversations are serialized, so the free members' limit holds under parallel sends.
      await tx.execute(sql`select id from ${accounts} where id = ${sender.id} for update`)
      const again = await findByClientId(tx, sender.id, message.client_id, input.mediaBase)
      if (again) return again
      const conversationId = await startConversation(tx, sender, recipientId)
      // The checks were made above; the statement makes them again, on the conversation this transaction made.
      const r = await sendStatement(tx, shapeOf(false), { ...stored, conversationId, recipientId, push, sessionHash: null, tenantId: null })
      // Out of credits: the whole transaction (the new conversation too) is rolled back.
      if (!r.row) throw new ChatError('insufficient_credits')
      return { message: presentMessage(r.row, { id: sender.id, paidUser: r.senderPaid }, input.mediaBase), row: r.row, recipientId, credits: r.credits!, senderPaid: r.senderPaid, recipientUnread: r.recipientUnread, duplicate: false }
    })
  } catch (err) {
    // Two sends with the same client id at once: the loser of the unique index answers the winner's message.
    if (isUniqueViolation(err)) {
      const winner = await findByClientId(db, sender.id, message.client_id, input.mediaBase)
      if (winner) return winner
    }
    throw err
  }
}

/**
 * Participants of conversations (they never change), so the recipient is known before the send statement; one
 * bounded cache per database (tests open several in one process).
 */
const PARTICIPANTS = new WeakMap<Db, Map<number, { pool: string; pair: [number, number] }>>()
const PARTICIPANTS_MAX = 100_000

/** Cache misses of one turn of the event loop, per database, asked in one query (a cold start's burst of sends). */
const MISSES = new WeakMap<Db, Map<number, Array<(row: { pool: string; pair: [number, number] } | undefined) => void>>>()

async function participants(db: Db, pool: string, conversationId: number): Promise<[number, number] | undefined> {
  let cache = PARTICIPANTS.get(db)
  if (!cache) PARTICIPANTS.set(db, (cache = new Map()))
  const known = cache.get(conversationId)
  if (known) return known.pool === pool ? known.pair : undefined
  const row = await new Promise<{ pool: string; pair: [number, number] } | undefined>((resolve) => {
    let misses = MISSES.get(db)
    if (!misses) {
      MISSES.set(db, (misses = new Map()))
      const batch = misses
      setImmediate(() => {
        MISSES.delete(db)
        void fetchParticipants(db, cache, batch)
      })
    }
    const waiting = misses.get(conversationId)
    if (waiting) waiting.push(resolve)
    else misses.set(conversationId, [resolve])
  })
  return row && row.pool === pool ? row.pair : undefined
}

async function fetchParticipants(db: Db, cache: Map<number, { pool: string; pair: [number, number] }>, batch: Map<number, Array<(row: { pool: string; pair: [number, number] } | undefined) => void>>) {
  const ids = [...batch.keys()]
  let rows: Array<{ id: number; pool: string; a: number; b: number }> = []
  try {
    rows = await db.select({ id: conversations.id, pool: conversations.pool, a: conversations.memberA, b: conversations.memberB }).from(conversations).where(inArray(conversations.id, ids))
  } catch {
    // The send's own statement meets the same database and answers the failure; here the conversation is unknown.
  }
  const found = new Map(rows.map((r) => [r.id, { pool: r.pool, pair: [r.a, r.b] as [number, number] }]))
  for (const [id, waiting] of batch) {
    const row = found.get(id)
    if (row) {
      if (cache.size >= PARTICIPANTS_MAX) cache.delete(cache.keys().next().value!)
      cache.set(id, row)
    }
    for (const resolve of waiting) resolve(row)
  }
}

/** A value of the send statement: bound per send (a parameter of the prepared statement, or the value itself). */
type Bind = (name: keyof SendValues) => unknown

/** The price of this message as SQL over the sender's profile country (minimum_message_costs, see messageCost). */
function costBySenderCountry(tenant: Tenant, req: { kind: string; gift_id?: string }, senderId: unknown): SQL {
  const base = messageCost(tenant, req, undefined)
  const cases = Object.keys(tenant.credits.minimum_message_costs)
    .map((country) => [country, messageCost(tenant, req, country)] as const)
    .filter(([, cost]) => cost !== base)
  if (cases.length === 0) return sql`${base}::int`
  return sql`(case (select p.country from profiles p where p.account_id = ${senderId}::bigint) ${sql.join(
    cases.map(([country, cost]) => sql`when ${country} then ${cost}::int`),
    sql` `,
  )} else ${base}::int end)`
}

/** What varies per send; everything else of the statement is its shape (SendShape). */
interface SendValues {
  pool: string
  senderId: number
  recipientId: number
  conversationId: number
  clientId: string
  kind: string
  body: string | null
  giftId: string | null
  gifId: string | null
  /** The ledger reason: message, photo or gift. */
  reason: LedgerReason
  /** Queue the web push and the delayed e-mail (the recipient has no open tab). */
  push: boolean
  /** The request's session (sha256 of the token) and brand, when the statement is to check it (SendShape.session). */
  sessionHash: string | null
  tenantId: string | null
}

/** What makes two sends the same statement text: the price rule (tenant, kind, gift), free or not, session checked or not. */
interface SendShape {
  tenant: Tenant
  priced: { kind: string; gift_id?: string }
  free: boolean
  session: boolean
}

interface SendStatementResult {
  /** The sender takes part in the conversation (of the pool). */
  found: boolean
  /** The session given to check is valid (always true when none was given). */
  authenticated: boolean
  duplicate: boolean
  blocked: boolean
  partner: boolean
  /** Replying needs a confirmed e-mail address. */
  mayWrite: boolean
  /** The sender is marked vulnerable and the other member is a fictional profile (a paid send is refused). */
  vulnerable: boolean
  /** The sender's premium state as the statement read it. */
  senderPaid: boolean
  /** The stored message; absent when a check failed or the balance was short. */
  row?: MessageRow
  credits?: number
  recipientUnread?: number
}

/**
 * One statement that checks and sends: the session when asked (it exists for this brand, is not expired, its account
 * is not banned or deleted and is the sender), the sender is in the conversation, no block either way, the other
 * member still a chat partner, replying allowed (the sender's status as stored now), a sender marked vulnerable does
 * not pay to write to a fictional profile, no earlier send with this client id; then it charges the sender (never
 * below zero), stores the message, writes the ledger entry, moves the conversation up, counts it unread for the
 * recipient and read for the sender (both see it again if they had hidden it), queues the push job, and returns the
 * recipient's new unread total. A single statement is atomic: when a check fails or the balance is short, nothing is
 * written.
 */
function sendSql(shape: SendShape, v: Bind): SQL {
  const costSql = shape.free ? sql`0::int` : costBySenderCountry(shape.tenant, shape.priced, v('senderId'))
  const sender = sql`${v('senderId')}::bigint`
  const recipient = sql`${v('recipientId')}::bigint`
  const conversation = sql`${v('conversationId')}::bigint`
  // Explicit casts: node-postgres sends every parameter as text.
  return sql`
    with auth as (
      select ${
        shape.session
          ? sql`exists (select 1 from sessions s join accounts sa on sa.id = s.account_id
              where s.token_hash = ${v('sessionHash')}::text and s.pool = ${v('pool')}::text and s.tenant_id = ${v('tenantId')}::text
                and s.expires_at > now() and s.account_id = ${sender} and sa.status not in ('deleted', 'banned'))`
          : sql`true`
      } as ok
    ), ctx as (
      select c.started_by, o.id as other_id, me_a.paid_user as sender_paid,
        (o.pool = ${v('pool')}::text and o.status in ('active', 'not_confirmed')) as partner,
        exists (select 1 from blocks b where b.pool = ${v('pool')}::text and ((b.blocker_id = o.id and b.blocked_id = ${sender}) or (b.blocker_id = ${sender} and b.blocked_id = o.id))) as blocked,
        exists (select 1 from messages d where d.sender_id = ${sender} and d.client_id = ${v('clientId')}::text) as duplicate,
        (c.started_by = ${sender} or me_a.status = 'active') as may_write,
        ${shape.free ? sql`false` : sql`(me_a.vulnerable_at is not null and o.fictional)`} as vulnerable
      from conversations c
      join conversation_members me on me.conversation_id = c.id and me.account_id = ${sender}
      join accounts me_a on me_a.id = ${sender}
      join accounts o on o.id = case when c.member_a = ${sender} then c.member_b else c.member_a end
      where c.id = ${conversation} and c.pool = ${v('pool')}::text and (select ok from auth)
    ), go as (
      select ${costSql} as cost from ctx where partner and not blocked and not duplicate and may_write and not vulnerable and other_id = ${recipient}
    ), charged as (
      ${chargeSql(sender)}
    ), stored as (
      insert into messages (pool, conversation_id, sender_id, client_id, kind, body, gift_id, gif_id, credits)
      select ${v('pool')}::text, ${conversation}, ${sender}, ${v('clientId')}::text, ${v('kind')}::text, ${v('body')}::text, ${v('giftId')}::text, ${v('gifId')}::text, charged.cost from charged
      returning id, created_at, credits
    ), ledger as (
      ${ledgerEntrySql({ pool: sql`${v('pool')}::text`, accountId: sender, reason: sql`${v('reason')}::text`, prefix: 'message:', cause: 'stored' })}
    ), moved as (
      update conversations c set last_message_at = stored.created_at from stored where c.id = ${conversation}
    ), members as (
      update conversation_members cm set
        hidden_at = null,
        unread_count = case when cm.account_id = ${sender} then 0 else cm.unread_count + 1 end,
        last_read_message_id = case when cm.account_id = ${sender} then stored.id else cm.last_read_message_id end
      from stored where cm.conversation_id = ${conversation} and cm.account_id in (${sender}, ${recipient})
      returning cm.account_id, cm.unread_count
    ), pushed as (
      -- The web push now, and the e-mail a few minutes later if the message is still unread then.
      insert into jobs (kind, payload, run_at, max_attempts)
      select k.kind, jsonb_build_object('messageId', stored.id, 'recipientId', ${recipient}), now() + make_interval(secs => k.delay), k.attempts
      from stored cross join (values (${MESSAGE_PUSH_JOB}::text, 0::double precision, ${MESSAGE_PUSH_ATTEMPTS}::int), (${MESSAGE_MAIL_JOB}::text, ${MESSAGE_MAIL_DELAY_S}::double precision, 5::int)) as k(kind, delay, attempts)
      where ${v('push')}::boolean
    )
    -- The recipient's new unread total: their other conversations as the snapshot has them, plus this one's new count.
    select auth.ok as authenticated, ctx.other_id is not null as found, ctx.partner, ctx.blocked, ctx.duplicate, ctx.may_write, ctx.vulnerable, ctx.sender_paid,
      stored.id, stored.created_at, stored.credits as cost, charged.credits,
      case when stored.id is null then null else
        ${unreadTotalSql(sql`${v('pool')}::text`, recipient, conversation)} + coalesce((select unread_count from members where account_id = ${recipient}), 0)
      end as recipient_unread
    from auth left join ctx on true left join stored on true left join charged on true`
}

/**
 * The send statement's text and parameter order, built once per shape and database (Drizzle would build the text and
 * the prepared statement's name for every send): per send only the values are bound (fillPlaceholders).
 */
const PREPARED_SENDS = new WeakMap<Db, WeakMap<Tenant, Map<string, { name: string; text: string; params: unknown[] }>>>()
let preparedSends = 0

function preparedSend(db: Db, shape: SendShape) {
  let byTenant = PREPARED_SENDS.get(db)
  if (!byTenant) PREPARED_SENDS.set(db, (byTenant = new WeakMap()))
  let byShape = byTenant.get(shape.tenant)
  if (!byShape) byTenant.set(shape.tenant, (byShape = new Map()))
  const key = `${shape.priced.kind}:${shape.priced.gift_id ?? ''}:${shape.free}:${shape.session}`
  let prepared = byShape.get(key)
  if (!prepared) {
    const dialect = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect
    const query = dialect.sqlToQuery(sendSql(shape, (name) => sql.placeholder(name)))
    // Named after its text: the same shape prepares the same statement on each connection, once.
    prepared = { name: `chat_${crypto.createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}_${++preparedSends}`, text: query.sql, params: query.params }
    byShape.set(key, prepared)
  }
  return prepared
}

/**
 * Runs the send statement: on PostgreSQL as a named prepared statement built once per shape (parsed once per
 * connection, then only bound and executed); through Drizzle otherwise (PGlite, transactions).
 */
async function sendStatement(q: Db | Tx, shape: SendShape, values: SendValues): Promise<SendStatementResult> {
  const client = (q as { $client?: unknown }).$client
  let res: { rows: unknown[] }
  if (client instanceof pg.Pool) {
    const prepared = preparedSend(q as Db, shape)
    res = await client.query({ name: prepared.name, text: prepared.text, values: fillPlaceholders(prepared.params, values as unknown as Record<string, unknown>) })
  } else {
    res = (await q.execute(sendSql(shape, (name) => values[name]))) as unknown as { rows: unknown[] }
  }
  const r = res.rows[0] as
    | {
        authenticated: boolean
        found: boolean
        partner: boolean | null
        blocked: boolean | null
        duplicate: boolean | null
        may_write: boolean | null
        vulnerable: boolean | null
        sender_paid: boolean | null
        id: string | number | null
        created_at: string | Date | null
        cost: number | null
        credits: number | null
        recipient_unread: number | null
      }
    | undefined
  const out: SendStatementResult = {
    authenticated: r?.authenticated === true,
    found: r?.found === true,
    duplicate: r?.duplicate === true,
    blocked: r?.blocked === true,
    partner: r?.partner === true,
    mayWrite: r?.may_write === true,
    vulnerable: r?.vulnerable === true,
    senderPaid: r?.sender_paid === true,
  }
  if (!r || r.id === null || r.id === undefined) return out
  out.row = {
    id: Number(r.id),
    pool: values.pool,
    conversationId: values.conversationId,
    senderId: values.senderId,
    clientId: values.clientId,
    kind: values.kind,
    body: values.body,
    photoId: null,
    giftId: values.giftId,
    gifId: values.gifId,
    credits: Number(r.cost),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at!),
  }
  out.credits = Number(r.credits)
  out.recipientUnread = Number(r.recipient_unread)
  return out
}

async function findByClientId(q: Db | Tx, senderId: number, clientId: string, mediaBase: string): Promise<SendResult | undefined> {
  const [found] = await q
    .select({ row: messages, conversation: conversations, credits: accounts.credits })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(accounts, eq(accounts.id, messages.senderId))
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1)
  if (!found) return undefined
  const c = found.conversation
  return { message: presentMessage(found.row, { id: senderId, paidUser: false }, mediaBase), row: found.row, recipientId: c.memberA === senderId ? c.memberB : c.memberA, credits: found.credits, duplicate: true }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } }
  return e?.code === '23505' || e?.cause?.code === '23505'
}

async function startConversation(tx: Tx, sender: Sender, recipientId: number): Promise<number> {
  if (!sender.paidUser) {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(and(eq(conversations.pool, sender.pool), eq(conversations.startedBy, sender.id)))
    if (Number(row.n) >= FREE_CONVERSATION_LIMIT) throw new ChatError('conversation_limit')
  }
  const [a, b] = sender.id < recipientId ? [sender.id, recipientId] : [recipientId, sender.id]
  const inserted = await tx
    .insert(conversations)
    .values({ pool: sender.pool, memberA: a, memberB: b, startedBy: sender.id })
    .onConflictDoNothing()
    .returning({ id: conversations.id })
  let id = inserted[0]?.id
  if (id === undefined) {
    const [c] = await tx.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.pool, sender.pool), eq(conversations.memberA, a), eq(conversations.memberB, b)))
    id = c.id
  } else {
    await tx.insert(conversationMembers).values([
      { pool: sender.pool, conversationId: id, accountId: a },
      { pool: sender.pool, conversationId: id, accountId: b },
    ])
  }
  return id
}

/**
 * The viewer's conversations with a message, newest first (at most 200), in one query built once per database and
 * prepared: the other member while still a chat partner with their card's columns and main photo, the last message,
 * and how far the other member has read.
 */
function buildChatListQuery(db: Db) {
  const viewer = sql.placeholder('viewer')
  const pool = sql.placeholder('pool')
  const otherMember = alias(conversationMembers, 'other_member')
  return db
    .select({ id: conversations.id, lastMessageAt: conversations.lastMessageAt, unread: conversationMembers.unreadCount, ...memberCardColumns, last: messages, otherLastRead: otherMember.lastReadMessageId })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(accounts, sql`${accounts.id} = case when ${conversations.memberA} = ${viewer} then ${conversations.memberB} else ${conversations.memberA} end`)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    // The last message (by messages_pool_conversation_idx); a conversation without one is not listed.
    .innerJoin(messages, sql`${messages.id} = (select m.id from ${messages} m where m.pool = ${pool} and m.conversation_id = ${conversations.id} order by m.id desc nulls last limit 1)`)
    .leftJoin(otherMember, and(eq(otherMember.conversationId, conversations.id), eq(otherMember.accountId, accounts.id)))
    .where(and(eq(conversationMembers.pool, pool), eq(conversationMembers.accountId, viewer), isNull(conversationMembers.hiddenAt), chatPartner({ pool, id: viewer })))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(200)
    .prepare('chat_list')
}
const chatListQueries = perDatabase<ReturnType<typeof buildChatListQuery>>()

/** The viewer's conversations with a message, newest first, with the other member as the viewer may see them. */
export async function listChats(db: Db, viewer: Viewer & { id: number }, mediaBase: string): Promise<{ chats: ChatListItem[]; unreadTotal: number }> {
  const rows = await chatListQueries(db, () => buildChatListQuery(db)).execute({ viewer: viewer.id, pool: viewer.pool })
  const chats = rows.map(
    (r): ChatListItem => ({
      profile: presentMemberCard({ account: r.account, profile: r.profile, mainPhoto: r.photo }, viewer, mediaBase),
      conversation: {
        id: r.id,
        last_message: presentMessage(r.last, { id: viewer.id, paidUser: viewer.paidUser }, mediaBase),
        last_message_at: r.lastMessageAt.toISOString(),
        last_read_by_other: r.otherLastRead ?? null,
      },
      num_unread_messages: r.unread,
    }),
  )
  return { chats, unreadTotal: chats.reduce((n, c) => n + c.num_unread_messages, 0) }
}

/**
 * The total of unread messages over a member's listed conversations (the navigation badge): not hidden, and the
 * other member still a chat partner (see chatPartner). One definition for unreadTotal and the send statement.
 */
function unreadTotalSql(pool: string | SQL, accountId: number | SQL, exceptConversation?: number | SQL): SQL {
  return sql`(select coalesce(sum(cm.unread_count), 0)::int from conversation_members cm
    join conversations c on c.id = cm.conversation_id
    join accounts o on o.id = case when c.member_a = ${accountId}::bigint then c.member_b else c.member_a end
    join profiles op on op.account_id = o.id
    where cm.pool = ${pool} and cm.account_id = ${accountId}::bigint and cm.hidden_at is null
      and o.pool = ${pool} and o.status in ('active', 'not_confirmed')
      and not exists (select 1 from blocks b where b.pool = ${pool} and ((b.blocker_id = o.id and b.blocked_id = ${accountId}::bigint) or (b.blocker_id = ${accountId}::bigint and b.blocked_id = o.id)))
      ${exceptConversation === undefined ? sql`` : sql`and cm.conversation_id <> ${exceptConversation}::bigint`})`
}

/** The total of unread messages over the member's visible conversations (the navigation badge). */
export async function unreadTotal(db: Db, viewer: Viewer & { id: number }): Promise<number> {
  const res = (await db.execute(sql`select ${unreadTotalSql(viewer.pool, viewer.id)} as n`)) as unknown as { rows: { n: number }[] }
  return Number(res.rows[0]?.n ?? 0)
}

/**
 * A conversation by id for one of its members, in one query: that the viewer takes part (membership), the other
 * member while still a chat partner (findChatPartner) with their card's columns and main photo, and how far they
 * have read. Built once per database and prepared (a named statement on PGlite too, decision 042): the conversation
 * page's reads were five queries, each parsed and planned on every request on PGlite.
 */
function buildConversationQuery(db: Db) {
  const viewer = sql.placeholder('viewer')
  const pool = sql.placeholder('pool')
  const otherMember = alias(conversationMembers, 'other_member')
  return db
    .select({ startedBy: conversations.startedBy, ...memberCardColumns, otherLastRead: otherMember.lastReadMessageId })
    .from(conversations)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.accountId, viewer)))
    .innerJoin(accounts, sql`${accounts.id} = case when ${conversations.memberA} = ${viewer} then ${conversations.memberB} else ${conversations.memberA} end`)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .leftJoin(otherMember, and(eq(otherMember.conversationId, conversations.id), eq(otherMember.accountId, accounts.id)))
    .where(and(eq(conversations.id, sql.placeholder('id')), eq(conversations.pool, pool), chatPartner({ pool, id: viewer })))
    .limit(1)
    .prepare('chat_conversation')
}
const conversationQueries = perDatabase<ReturnType<typeof buildConversationQuery>>()

/**
 * Newest message first, as messages_pool_conversation_idx sorts (id is never null): a plain "desc" (nulls first) made
 * PostgreSQL sort every message of the conversation on each read instead of reading the index's first rows.
 */
const NEWEST_FIRST = sql`${messages.id} desc nulls last`

type MessagesPage = 'newest' | 'before' | 'after'
/** A page of a conversation's messages (the newest, older ones, or those after an id), prepared once per database. */
function buildMessagesQuery(db: Db, page: MessagesPage) {
  const where = [eq(messages.pool, sql.placeholder('pool')), eq(messages.conversationId, sql.placeholder('id'))]
  if (page === 'after') return db.select().from(messages).where(and(...where, gt(messages.id, sql.placeholder('after')))).orderBy(messages.id).limit(500).prepare('chat_messages_after')
  return db
    .select()
    .from(messages)
    .where(and(...where, page === 'before' ? lt(messages.id, sql.placeholder('before')) : undefined))
    .orderBy(NEWEST_FIRST)
    .limit(PAGE_SIZE + 1)
    .prepare(`chat_messages_${page}`)
}
const messagesQueries = perDatabase<ReturnType<typeof buildMessagesQuery>>()
const messagesQuery = (db: Db, page: MessagesPage) => messagesQueries(db, () => buildMessagesQuery(db, page), page)

/**
 * A conversation's newest message id, prepared once per database. By pool and conversation in the index's order: by
 * the conversation alone, PostgreSQL walked the primary key backwards through every pool's newer messages.
 */
function buildLastMessageQuery(db: Db) {
  return db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.pool, sql.placeholder('pool')), eq(messages.conversationId, sql.placeholder('id'))))
    .orderBy(NEWEST_FIRST)
    .limit(1)
    .prepare('chat_last_message')
}
const lastMessageQueries = perDatabase<ReturnType<typeof buildLastMessageQuery>>()
const lastMessageQuery = (db: Db) => lastMessageQueries(db, () => buildLastMessageQuery(db))

/**
 * The prepared reads of a conversation's messages by name, as the chat runs them: for the test of their plans
 * (test/api/chat-query-plans.test.ts), which reads their SQL and asks the database how it would run it.
 */
export function messageReadStatement(db: Db, name: 'newest' | 'before' | 'last'): { getQuery(): { sql: string; params: unknown[] } } {
  return name === 'last' ? lastMessageQuery(db) : messagesQuery(db, name)
}

/** The conversation of two members (a below b), prepared once per database. */
function buildPairQuery(db: Db) {
  return db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.pool, sql.placeholder('pool')), eq(conversations.memberA, sql.placeholder('a')), eq(conversations.memberB, sql.placeholder('b'))))
    .limit(1)
    .prepare('chat_conversation_pair')
}
const pairQueries = perDatabase<ReturnType<typeof buildPairQuery>>()

/** One conversation's messages for one of its two members: the newest page, older pages, or what came after an id. */
export async function readConversation(
  db: Db,
  viewer: Viewer & { id: number },
  opts: { conversationId?: number; memberId?: number; before?: number; after?: number },
  mediaBase: string,
) {
  let conversationId = opts.conversationId
  if (conversationId === undefined && opts.memberId !== undefined) {
    // By the other member: their conversation, read below as by its id (which checks that they are still a chat
    // partner), or none yet, where the other member must be visible to be written to: else 404.
    const otherId = opts.memberId
    const [a, b] = viewer.id < otherId ? [viewer.id, otherId] : [otherId, viewer.id]
    const [pair] = await pairQueries(db, () => buildPairQuery(db)).execute({ pool: viewer.pool, a, b })
    if (!pair) {
      const other = await findVisibleMember(db, viewer, otherId)
      if (!other) return undefined
      const mainPhoto = other.profile.mainPhotoId ? (await db.select().from(photos).where(eq(photos.id, other.profile.mainPhotoId)))[0] : null
      const profile = presentMemberCard({ account: other.account, profile: other.profile, mainPhoto }, viewer, mediaBase)
      return { conversation: { id: null, profile, last_read_by_other: null, started_by_me: true }, messages: [], has_more: false }
    }
    conversationId = pair.id
  }
  if (conversationId === undefined) return undefined
  // The viewer takes part and the other member is still a chat partner: else 404.
  const [row] = await conversationQueries(db, () => buildConversationQuery(db)).execute({ id: conversationId, pool: viewer.pool, viewer: viewer.id })
  if (!row) return undefined
  const startedByMe = row.startedBy === viewer.id
  const profile = presentMemberCard({ account: row.account, profile: row.profile, mainPhoto: row.photo }, viewer, mediaBase)
  const lastReadByOther = row.otherLastRead
  const page: MessagesPage = opts.after !== undefined ? 'after' : opts.before !== undefined ? 'before' : 'newest'
  const found = await messagesQuery(db, page).execute({ pool: viewer.pool, id: conversationId, before: opts.before, after: opts.after })
  let rows: MessageRow[]
  let hasMore = false
  if (page === 'after') {
    rows = found
  } else {
    hasMore = found.length > PAGE_SIZE
    rows = found.slice(0, PAGE_SIZE).reverse()
  }
  return {
    conversation: { id: conversationId, profile, last_read_by_other: lastReadByOther ?? null, started_by_me: startedByMe },
    messages: rows.map((m) => presentMessage(m, { id: viewer.id, paidUser: viewer.paidUser }, mediaBase)),
    has_more: hasMore,
  }
}

/** Opening a chat sets its unread count to zero; returns the other member and the last message id read. */
export async function markRead(db: Db, viewer: Viewer & { id: number }, conversationId: number) {
  const m = await membership(db, viewer.pool, conversationId, viewer.id)
  if (!m) return undefined
  const [last] = await lastMessageQuery(db).execute({ pool: viewer.pool, id: conversationId })
  await db
    .update(conversationMembers)
    .set({ unreadCount: 0, lastReadMessageId: last?.id ?? null })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.accountId, viewer.id)))
  return { otherId: m.otherId, lastReadMessageId: last?.id ?? 0 }
}

/** Removes conversations from the viewer's list (a new message brings one back). Returns the ids removed. */
export async function hideChats(db: Db, viewer: Viewer & { id: number }, by: { id: number } | { profileId: number }): Promise<number[]> {
  const ids =
    'id' in by
      ? (await membership(db, viewer.pool, by.id, viewer.id))
        ? [by.id]
        : []
      : (
          await db
            .select({ id: conversations.id })
            .from(conversations)
            .where(
              and(
                eq(conversations.pool, viewer.pool),
                or(and(eq(conversations.memberA, viewer.id), eq(conversations.memberB, by.profileId)), and(eq(conversations.memberB, viewer.id), eq(conversations.memberA, by.profileId))),
              ),
            )
        ).map((r) => r.id)
  if (ids.length === 0) return []
  await db
    .update(conversationMembers)
    .set({ hiddenAt: new Date(), unreadCount: 0 })
    .where(and(inArray(conversationMembers.conversationId, ids), eq(conversationMembers.accountId, viewer.id)))
  return ids
}

/** Whether the member takes part in the conversation (for typing events). */
export async function otherParticipant(db: Db, viewer: { pool: string; id: number }, conversationId: number): Promise<number | undefined> {
  const m = await membership(db, viewer.pool, conversationId, viewer.id)
  if (!m) return undefined
  if (await isBlockedEitherWay(db, viewer.pool, viewer.id, m.otherId)) return undefined
  return m.otherId
}
