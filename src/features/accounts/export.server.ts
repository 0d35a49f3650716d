// The member's own data as one file (GDPR art. 15 and 20; issue 17; docs/decisions/019-...): a JSON document with
// the member's photos embedded (base64), downloaded from /settings. Other members appear only as id and name where
// they are the other party of a message, like or block; no hashes, tokens or push keys.
import path from 'node:path'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import {
  accounts, blocks, complaints, conversationMembers, conversations, creditLedger, discountCodes, likes, messages, notificationSettings, orders, payments,
  photos, profiles, pushSubscriptions, sessions, skips, swipeDays,
} from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { MediaStorage } from '../../server/media-storage.server'

export const EXPORT_FORMAT = 'dating-network-export/1'

type Other = { id: number; name: string | null }

/** A media file as an embedded file, or null when it is missing from the media storage. */
async function embed(media: MediaStorage, name: string | null | undefined) {
  if (!name) return null
  const data = await media.read(path.basename(name))
  return data ? { name: path.basename(name), content_type: 'image/webp', base64: data.toString('base64') } : null
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)

/** Everything stored about one member, as the export document. */
export async function exportMemberData(db: Db, opts: { accountId: number; tenant: Tenant; media: MediaStorage }) {
  const { accountId, media } = opts
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId))
  if (!account) throw new Error('no such account')
  const pool = account.pool
  const [profile] = await db.select().from(profiles).where(eq(profiles.accountId, accountId))

  // Other parties by id: their id and name only.
  const others = new Map<number, Other>()
  const other = (id: number) => others.get(id) ?? { id, name: null }
  const nameOthers = async (ids: number[]) => {
    const wanted = [...new Set(ids)].filter((id) => id !== accountId && !others.has(id))
    if (wanted.length === 0) return
    const rows = await db.select({ id: profiles.accountId, name: profiles.name }).from(profiles).where(and(eq(profiles.pool, pool), inArray(profiles.accountId, wanted)))
    for (const id of wanted) others.set(id, { id, name: rows.find((r) => r.id === id)?.name ?? null })
  }

  const photoRows = await db.select().from(photos).where(and(eq(photos.pool, pool), eq(photos.accountId, accountId))).orderBy(asc(photos.id))
  const likesGiven = await db.select().from(likes).where(and(eq(likes.pool, pool), eq(likes.likerId, accountId))).orderBy(asc(likes.createdAt))
  const likesReceived = await db.select().from(likes).where(and(eq(likes.pool, pool), eq(likes.likedId, accountId))).orderBy(asc(likes.createdAt))
  const blockRows = await db.select().from(blocks).where(and(eq(blocks.pool, pool), eq(blocks.blockerId, accountId))).orderBy(asc(blocks.createdAt))
  const skipRows = await db.select().from(skips).where(and(eq(skips.pool, pool), eq(skips.accountId, accountId))).orderBy(asc(skips.createdAt))
  const swipeRows = await db.select().from(swipeDays).where(and(eq(swipeDays.pool, pool), eq(swipeDays.accountId, accountId))).orderBy(asc(swipeDays.day))
  const convRows = await db
    .select({ c: conversations, m: conversationMembers })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.pool, pool), eq(conversationMembers.accountId, accountId)))
    .orderBy(asc(conversations.id))
  const convIds = convRows.map((r) => r.c.id)
  const messageRows = convIds.length
    ? await db.select().from(messages).where(and(eq(messages.pool, pool), inArray(messages.conversationId, convIds))).orderBy(asc(messages.id))
    : []
  const orderRows = await db.select().from(orders).where(and(eq(orders.pool, pool), eq(orders.accountId, accountId))).orderBy(asc(orders.id))
  const paymentRows = orderRows.length
    ? await db.select().from(payments).where(and(eq(payments.pool, pool), inArray(payments.orderId, orderRows.map((o) => o.id)))).orderBy(asc(payments.id))
    : []
  const ledgerRows = await db.select().from(creditLedger).where(and(eq(creditLedger.pool, pool), eq(creditLedger.accountId, accountId))).orderBy(asc(creditLedger.id))
  const codeRows = await db.select().from(discountCodes).where(and(eq(discountCodes.pool, pool), eq(discountCodes.accountId, accountId))).orderBy(asc(discountCodes.id))
  const sessionRows = await db.select().from(sessions).where(and(eq(sessions.pool, pool), eq(sessions.accountId, accountId))).orderBy(asc(sessions.createdAt))
  const [notify] = await db.select().from(notificationSettings).where(eq(notificationSettings.accountId, accountId))
  const pushRows = await db.select().from(pushSubscriptions).where(and(eq(pushSubscriptions.pool, pool), eq(pushSubscriptions.accountId, accountId)))
  const complaintRows = await db.select().from(complaints).where(and(eq(complaints.pool, pool), eq(complaints.accountId, accountId))).orderBy(asc(complaints.id))

  await nameOthers([
    ...likesGiven.map((l) => l.likedId),
    ...likesReceived.map((l) => l.likerId),
    ...blockRows.map((b) => b.blockedId),
    ...skipRows.map((s) => s.skippedId),
    ...convRows.flatMap((r) => [r.c.memberA, r.c.memberB]),
  ])

  const photoList = []
  for (const p of photoRows) {
    photoList.push({
      id: p.id,
      visibility: p.visibility,
      status: p.status,
      width: p.width,
      height: p.height,
      created_at: iso(p.createdAt),
      reviewed_at: iso(p.reviewedAt),
      main: profile?.mainPhotoId === p.id,
      file: await embed(media, p.filename),
    })
  }

  const conversationList = []
  for (const r of convRows) {
    const otherId = r.c.memberA === accountId ? r.c.memberB : r.c.memberA
    const list = []
    for (const m of messageRows.filter((x) => x.conversationId === r.c.id)) {
      const mine = m.senderId === accountId
      let image = null
      if (m.kind === 'image' && m.body) {
        // The member's own sent photos as files; a received photo is the other member's and is only named as sent.
        try {
          image = mine ? await embed(media, (JSON.parse(m.body) as { filename?: string }).filename) : null
        } catch {
          image = null
        }
      }
      list.push({
        id: m.id,
        from: mine ? 'me' : 'other',
        kind: m.kind,
        text: m.kind === 'text' ? m.body : null,
        image,
        gift_id: m.giftId,
        gif_id: m.gifId,
        credits: mine ? m.credits : undefined,
        created_at: iso(m.createdAt),
      })
    }
    conversationList.push({
      id: r.c.id,
      with: other(otherId),
      started_by_me: r.c.startedBy === accountId,
      created_at: iso(r.c.createdAt),
      hidden_at: iso(r.m.hiddenAt),
      messages: list,
    })
  }

  return {
    format: EXPORT_FORMAT,
    exported_at: new Date().toISOString(),
    site: { tenant: opts.tenant.id, name: opts.tenant.name, pool },
    account: {
      id: account.id,
      email: account.email,
      tenant: account.tenantId,
      status: account.status,
      role: account.role,
      language: account.language,
      premium: account.paidUser,
      invisible: account.invisible,
      credits: account.credits,
      failed_logins: account.failedLogins,
      blocked_until: iso(account.blockedUntil),
      signup_message: account.signupMessage,
      created_at: iso(account.createdAt),
      confirmed_at: iso(account.confirmedAt),
      deleted_at: iso(account.deletedAt),
      last_login_at: iso(account.lastLoginAt),
    },
    tracking: {
      network: account.trackingNetwork,
      ref: account.trackingRef,
      sub1: account.trackingSub1,
      sub2: account.trackingSub2,
      sub3: account.trackingSub3,
      clickid: account.trackingClickid,
      landing: account.trackingLanding,
      first_touch_at: iso(account.trackingAt),
    },
    profile: profile
      ? {
          name: profile.name,
          gender: profile.gender,
          sexuality: profile.sexuality,
          seeking: profile.seeking,
          birth_date: profile.birthDate,
          country: profile.country,
          region: profile.region,
          city: profile.city,
          latitude: profile.latitude,
          longitude: profile.longitude,
          hair_colour: profile.hairColour,
          eye_colour: profile.eyeColour,
          body_type: profile.bodyType,
          relationship_status: profile.relationshipStatus,
          tattoos: profile.tattoos,
          interests: profile.interests,
          about: profile.about,
          looking_for: profile.lookingFor,
          searchable: profile.searchable,
          last_active_at: iso(profile.lastActiveAt),
        }
      : null,
    photos: photoList,
    conversations: conversationList,
    likes_given: likesGiven.map((l) => ({ member: other(l.likedId), source: l.source, created_at: iso(l.createdAt) })),
    likes_received: likesReceived.map((l) => ({ member: other(l.likerId), source: l.source, created_at: iso(l.createdAt) })),
    blocks: blockRows.map((b) => ({ member: other(b.blockedId), created_at: iso(b.createdAt) })),
    passed_over: skipRows.map((s) => ({ member: other(s.skippedId), created_at: iso(s.createdAt) })),
    swipe_days: swipeRows.map((s) => ({ day: s.day, likes: s.likes })),
    orders: orderRows.map((o) => ({
      id: o.id,
      tenant: o.tenantId,
      bundle: o.bundleId,
      credits: o.credits,
      amount_cents: o.amountCents,
      currency: o.currency,
      discount_code_id: o.discountCodeId,
      status: o.status,
      created_at: iso(o.createdAt),
      paid_at: iso(o.paidAt),
    })),
    payments: paymentRows.map((p) => ({
      id: p.id,
      order_id: p.orderId,
      provider: p.provider,
      provider_payment_id: p.providerPaymentId,
      method: p.method,
      status: p.status,
      amount_cents: p.amountCents,
      currency: p.currency,
      created_at: iso(p.createdAt),
      updated_at: iso(p.updatedAt),
    })),
    credit_ledger: ledgerRows.map((l) => ({ id: l.id, delta: l.delta, balance_after: l.balanceAfter, reason: l.reason, reference: l.reference, created_at: iso(l.createdAt) })),
    discount_codes: codeRows.map((c) => ({
      code: c.code,
      value_percentage: c.valuePercentage,
      status: c.status,
      expires_at: iso(c.expiresAt),
      used_at: iso(c.usedAt),
      created_at: iso(c.createdAt),
    })),
    // Logins: the sessions (browsers) signed in, without their tokens.
    sessions: sessionRows.map((s) => ({ tenant: s.tenantId, created_at: iso(s.createdAt), last_seen_at: iso(s.lastSeenAt), expires_at: iso(s.expiresAt) })),
    notification_settings: notify
      ? {
          email_messages: notify.emailMessages,
          email_likes: notify.emailLikes,
          email_matches: notify.emailMatches,
          email_newsletter: notify.emailNewsletter,
          newsletter_consent_at: iso(notify.newsletterConsentAt),
          newsletter_consent_source: notify.newsletterConsentSource,
          newsletter_withdrawn_at: iso(notify.newsletterWithdrawnAt),
          push: notify.push,
          disabled_reasons: notify.disabledReasons,
        }
      : null,
    // The push service each browser registered (the endpoint and keys are credentials and stay out).
    push_subscriptions: pushRows.map((p) => ({ service: safeHost(p.endpoint), created_at: iso(p.createdAt) })),
    complaints: complaintRows.map((c) => ({ id: c.id, name: c.name, email: c.email, subject: c.subject, message: c.message, profile_url: c.profileUrl, status: c.status, created_at: iso(c.createdAt) })),
  }
}

function safeHost(url: string) {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}
