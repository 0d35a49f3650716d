// The whole product's schema (Drizzle, Postgres dialect for PGlite and PostgreSQL).
// Every member-owned row carries its pool and its indexes lead with it: see docs/decisions/002-member-pools.md.
import { sql } from 'drizzle-orm'
import {
  bigint, bigserial, boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const id = (name: string) => bigint(name, { mode: 'number' })

export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    tenantId: text('tenant_id').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** active, not_confirmed, deleted, disabled, banned (by staff: no login, no session, hidden) */
    status: text('status').notNull().default('not_confirmed'),
    /** member, or a staff role of the console's policy (src/shared/staff-policy.ts): admin, moderator, marketer, support, chat_operator */
    role: text('role').notNull().default('member'),
    language: text('language').notNull().default('nl'),
    paidUser: boolean('paid_user').notNull().default(false),
    fictional: boolean('fictional').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    /** Cached balance; every change goes with a credit_ledger row in the same transaction. */
    credits: integer('credits').notNull().default(0),
    failedLogins: integer('failed_logins').notNull().default(0),
    blockedUntil: ts('blocked_until'),
    trackingNetwork: text('tracking_network'),
    trackingRef: text('tracking_ref'),
    trackingSub1: text('tracking_sub1'),
    trackingSub2: text('tracking_sub2'),
    trackingSub3: text('tracking_sub3'),
    /** The traffic source's click id (a postback names it), the landing path and when the first touch was. */
    trackingClickid: text('tracking_clickid'),
    trackingLanding: text('tracking_landing'),
    trackingAt: ts('tracking_at'),
    /** The first message written on the signup form. */
    signupMessage: text('signup_message'),
    createdAt: ts('created_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    deletedAt: ts('deleted_at'),
    lastLoginAt: ts('last_login_at'),
    /** Set by a chargeback (or a refund that found the credits spent): staff look at the account; no direct debit. */
    paymentFlag: text('payment_flag'),
    paymentFlaggedAt: ts('payment_flagged_at'),
    /**
     * Marked vulnerable by a chat operator (the ACM commitments, decision 037 addendum): the member is told plainly
     * that fictional profiles are answered by staff, and may not send paid messages to them until staff review it
     * and lift the mark (null again).
     */
    vulnerableAt: ts('vulnerable_at'),
  },
  (t) => [
    uniqueIndex('accounts_pool_email_key').on(t.pool, sql`lower(${t.email})`),
    index('accounts_pool_status_idx').on(t.pool, t.status),
  ],
)

export const profiles = pgTable(
  'profiles',
  {
    accountId: id('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
    pool: text('pool').notNull(),
    name: text('name').notNull(),
    /** male, female; set in the complete-signup steps */
    gender: text('gender'),
    /** hetero, gay, lesbian, bi; set in the complete-signup steps */
    sexuality: text('sexuality'),
    seeking: text('seeking').notNull().default('any'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    region: text('region'),
    city: text('city'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    hairColour: text('hair_colour'),
    eyeColour: text('eye_colour'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    about: text('about'),
    lookingFor: text('looking_for'),
    /**
     * The review of the member's own texts (about, looking_for; decision 037 addendum): approved (others see them),
     * pending (changed, waiting for a moderator: others see neither text), rejected (hidden until rewritten).
     */
    textStatus: text('text_status').notNull().default('approved'),
    /** When the texts waiting for review were written (the queue's order, oldest first). */
    textSubmittedAt: ts('text_submitted_at'),
    mainPhotoId: id('main_photo_id'),
    /** Mirrors accounts for search: only visible profiles are searchable. */
    searchable: boolean('searchable').notNull().default(true),
    lastActiveAt: ts('last_active_at').notNull().defaultNow(),
  },
  (t) => [
    // Search (docs/decisions/012-discovery-api.md): the pool first, then the equality filters, then the keyset order
    // (last_active_at DESC, account_id DESC), only over searchable profiles.
    index('profiles_search_idx').on(t.pool, t.gender, t.country, t.lastActiveAt.desc(), t.accountId.desc()).where(sql`searchable`),
    index('profiles_search_region_idx').on(t.pool, t.country, t.region, t.lastActiveAt.desc(), t.accountId.desc()).where(sql`searchable`),
    index('profiles_search_gender_idx').on(t.pool, t.gender, t.lastActiveAt.desc(), t.accountId.desc()).where(sql`searchable`),
    index('profiles_pool_active_idx').on(t.pool, t.lastActiveAt.desc(), t.accountId.desc()),
    index('profiles_pool_birth_idx').on(t.pool, t.birthDate),
    index('profiles_text_review_idx').on(t.pool, t.textSubmittedAt).where(sql`text_status = 'pending'`),
  ],
)

export const photos = pgTable(
  'photos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** Random, unguessable storage names; never derived from the upload's name. */
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    blurredFilename: text('blurred_filename').notNull(),
    /** public, private */
    visibility: text('visibility').notNull().default('public'),
    /** pending, active, rejected */
    status: text('status').notNull().default('pending'),
    width: integer('width'),
    height: integer('height'),
    createdAt: ts('created_at').notNull().defaultNow(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [index('photos_pool_account_idx').on(t.pool, t.accountId), index('photos_pool_status_idx').on(t.pool, t.status)],
)

export const likes = pgTable(
  'likes',
  {
    pool: text('pool').notNull(),
    likerId: id('liker_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    likedId: id('liked_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    source: text('source').notNull().default('profile'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.pool, t.likerId, t.likedId] }),
    index('likes_pool_liked_idx').on(t.pool, t.likedId, t.createdAt.desc()),
    index('likes_pool_liker_idx').on(t.pool, t.likerId, t.createdAt.desc()),
  ],
)

/** Members passed over in the match finder or the swipe game: they are not offered there again. */
export const skips = pgTable(
  'skips',
  {
    pool: text('pool').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    skippedId: id('skipped_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pool, t.accountId, t.skippedId] })],
)

/** Swipe-game likes per member per day (the day in Europe/Amsterdam); the row is locked while a like is counted. */
export const swipeDays = pgTable(
  'swipe_days',
  {
    pool: text('pool').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    likes: integer('likes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pool, t.accountId, t.day] })],
)

export const blocks = pgTable(
  'blocks',
  {
    pool: text('pool').notNull(),
    blockerId: id('blocker_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    blockedId: id('blocked_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pool, t.blockerId, t.blockedId] }), index('blocks_pool_blocked_idx').on(t.pool, t.blockedId)],
)

export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    /** The two participants, lowest id first, so a pair has one conversation. */
    memberA: id('member_a').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    memberB: id('member_b').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    startedBy: id('started_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('conversations_pool_pair_key').on(t.pool, t.memberA, t.memberB)],
)

export const conversationMembers = pgTable(
  'conversation_members',
  {
    pool: text('pool').notNull(),
    conversationId: id('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadMessageId: id('last_read_message_id'),
    /** Removed from this member's list; it comes back with a new message. */
    hiddenAt: ts('hidden_at'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.accountId] }),
    index('conversation_members_pool_account_idx').on(t.pool, t.accountId),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    conversationId: id('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: id('sender_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** The sender's id for this message, so a retried send is stored once. */
    clientId: text('client_id').notNull(),
    /** text, image, gift, gif */
    kind: text('kind').notNull(),
    body: text('body'),
    photoId: id('photo_id'),
    giftId: text('gift_id'),
    gifId: text('gif_id'),
    credits: integer('credits').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_sender_client_key').on(t.senderId, t.clientId),
    index('messages_pool_conversation_idx').on(t.pool, t.conversationId, t.id.desc()),
  ],
)

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** purchase, message, photo, gift, bonus, signup, refund, chargeback, correction */
    reason: text('reason').notNull(),
    /** What caused it (payment:12, message:34, refund:re_x); one entry per cause and reason. */
    reference: text('reference'),
    /** A refund or chargeback that found fewer credits than it took back: what it could not take (delta is what it took). */
    shortfall: integer('shortfall').notNull().default(0),
    /** A staff correction's reason, as the staff member wrote it. */
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_pool_account_idx').on(t.pool, t.accountId, t.id.desc()),
    uniqueIndex('credit_ledger_reference_key').on(t.accountId, t.reason, t.reference),
  ],
)

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    tenantId: text('tenant_id').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    bundleId: text('bundle_id').notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    discountCodeId: id('discount_code_id'),
    /** open, pending, paid, failed, cancelled, expired */
    status: text('status').notNull().default('open'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [index('orders_pool_account_idx').on(t.pool, t.accountId, t.createdAt.desc())],
)

export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    orderId: id('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    method: text('method').notNull(),
    status: text('status').notNull().default('open'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** A direct debit (sdd): collected from a mandate. */
    recurring: boolean('recurring').notNull().default(false),
    checkoutUrl: text('checkout_url'),
    /** Refunded and charged back so far, in cents (the provider's totals as last seen). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    chargedBackCents: integer('charged_back_cents').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
  },
  (t) => [uniqueIndex('payments_provider_key').on(t.provider, t.providerPaymentId), index('payments_pool_order_idx').on(t.pool, t.orderId)],
)

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    code: text('code').notNull(),
    country: text('country'),
    accountId: id('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at'),
    valuePercentage: integer('value_percentage').notNull(),
    currency: text('currency'),
    minimumOrderValueCents: integer('minimum_order_value_cents'),
    /** active, used, disabled */
    status: text('status').notNull().default('active'),
    paymentMethods: text('payment_methods').array(),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('discount_codes_pool_code_account_key').on(t.pool, t.code, t.accountId)],
)

/** One use of a discount code by a member: reserved with the payment, freed when that payment fails. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    discountCodeId: id('discount_code_id').notNull().references(() => discountCodes.id, { onDelete: 'cascade' }),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: id('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    /** reserved (payment not final), used (paid) */
    status: text('status').notNull().default('reserved'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('discount_redemptions_code_account_key').on(t.discountCodeId, t.accountId)],
)

/** The built-in test provider's own payments (it lives in the site; a real provider keeps these itself). */
export const testProviderPayments = pgTable('test_provider_payments', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  method: text('method').notNull(),
  description: text('description').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  metadata: jsonb('metadata'),
  /** open, pending, paid, failed, cancelled, expired */
  status: text('status').notNull().default('open'),
  refunds: jsonb('refunds').$type<{ id: string; amount_cents: number; created_at: string }[]>().notNull().default([]),
  chargebacks: jsonb('chargebacks').$type<{ id: string; amount_cents: number; created_at: string }[]>().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
  paidAt: ts('paid_at'),
})

/** A SEPA direct debit waiting for its SMS code. */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: text('id').primaryKey(),
    pool: text('pool').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    bundleId: text('bundle_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder').notNull(),
    address: jsonb('address').$type<{ street: string; house_number: string; zip: string; city: string }>().notNull(),
    phone: text('phone').notNull(),
    /** sha256 of the code with the request id. */
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    /** waiting, confirmed, failed */
    status: text('status').notNull().default('waiting'),
    paymentId: id('payment_id'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('direct_debit_requests_account_idx').on(t.accountId, t.createdAt.desc())],
)

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token: a database read never yields a usable cookie. */
    tokenHash: text('token_hash').primaryKey(),
    pool: text('pool').notNull(),
    tenantId: text('tenant_id').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_pool_account_idx').on(t.pool, t.accountId)],
)

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    pool: text('pool').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** activate, reset_password, mail_change, reactivate, unsubscribe */
    purpose: text('purpose').notNull(),
    payload: jsonb('payload'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('one_time_tokens_pool_account_idx').on(t.pool, t.accountId, t.purpose)],
)

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_pool_account_idx').on(t.pool, t.accountId)],
)

export const notificationSettings = pgTable(
  'notification_settings',
  {
    accountId: id('account_id').primaryKey().references(() => accounts.id, { onDelete: 'cascade' }),
    pool: text('pool').notNull(),
    emailMessages: boolean('email_messages').notNull().default(true),
    emailLikes: boolean('email_likes').notNull().default(true),
    emailMatches: boolean('email_matches').notNull().default(true),
    /** Off until the member opts in (GDPR: no pre-ticked consent); the consent's time and source are kept. */
    emailNewsletter: boolean('email_newsletter').notNull().default(false),
    /** When the member last gave newsletter consent, and where (notifications_page, signup); null when withdrawn. */
    newsletterConsentAt: ts('newsletter_consent_at'),
    newsletterConsentSource: text('newsletter_consent_source'),
    /** When the member last withdrew newsletter consent (or unsubscribed). */
    newsletterWithdrawnAt: ts('newsletter_withdrawn_at'),
    push: boolean('push').notNull().default(true),
    /** fbl, bounce, listunsubscribe: why e-mail is off for this member. */
    disabledReasons: text('disabled_reasons').array().notNull().default(sql`'{}'::text[]`),
  },
)

export const complaints = pgTable(
  'complaints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    tenantId: text('tenant_id').notNull(),
    accountId: id('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    profileUrl: text('profile_url'),
    /** open, in_progress, closed */
    status: text('status').notNull().default('open'),
    /** The staff account handling it. */
    assignedTo: id('assigned_to').references(() => accounts.id, { onDelete: 'set null' }),
    /** The last reply staff sent by e-mail, and when. */
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('complaints_pool_created_idx').on(t.pool, t.createdAt.desc())],
)

/** Which members used the site on which day (per brand): the console's active members per day (decision 028). */
export const activityDays = pgTable(
  'activity_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    pool: text('pool').notNull(),
    tenantId: text('tenant_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountId] }), index('activity_days_tenant_day_idx').on(t.tenantId, t.day)],
)

/** Console sessions (decision 028): apart from member sessions, shorter, with their own cookie. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    /** sha256 of the cookie token. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** The brand whose host the session was made on: the cookie is host-only and the session too. */
    tenantId: text('tenant_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('staff_sessions_account_idx').on(t.accountId)],
)

/** Every staff action: who, what, when, on what, before and after (decision 028). Never updated or deleted by the app. */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for a failed login of an unknown address. */
    staffId: id('staff_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** Kept as written, so the log still says who after the account is gone. */
    staffEmail: text('staff_email').notNull(),
    staffRole: text('staff_role'),
    /** A policy action (members.ban, credits.correct, ...) or staff.login, staff.login_failed, staff.logout */
    action: text('action').notNull(),
    /** The pool of what was acted on, for the pool-scoped views. */
    pool: text('pool'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('staff_audit_created_idx').on(t.createdAt.desc()), index('staff_audit_target_idx').on(t.targetType, t.targetId)],
)

/**
 * Notification e-mails sent to a member (new message, message digest, new likes, match, activation reminder):
 * the record the sending rules read (one per conversation per hour, a digest beyond a few a day, likes batched).
 */
export const notificationMails = pgTable(
  'notification_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: text('pool').notNull(),
    accountId: id('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    /** message, digest, likes, match, activation_reminder */
    kind: text('kind').notNull(),
    conversationId: id('conversation_id'),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [index('notification_mails_account_idx').on(t.accountId, t.kind, t.sentAt.desc())],
)

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    doneAt: ts('done_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt).where(sql`done_at is null`)],
)

export const devMails = pgTable(
  'dev_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('dev_mails_to_idx').on(t.to, t.createdAt.desc())],
)

/** Instance-wide settings the server makes once, like the VAPID keys. */
export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

/**
 * Page bounces (SPEC.md section 9, query flag lb): a visitor who arrived with ?lb=1 and left the page (it became
 * hidden), with the path and how long after loading. Per tenant, for operators; no member or visitor identity.
 */
export const pageBounces = pgTable(
  'page_bounces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    path: text('path').notNull(),
    msSinceLoad: integer('ms_since_load').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('page_bounces_tenant_created_idx').on(t.tenantId, t.createdAt.desc())],
)

/**
 * First touches (docs/decisions/029-traffic-tracking-and-postbacks.md): a browser that arrived with tracking
 * parameters and had no first-touch cookie yet. The marketers' visits; no visitor identity (no address, no cookie id).
 */
export const trafficVisits = pgTable(
  'traffic_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: text('tenant_id').notNull(),
    network: text('network'),
    ref: text('ref'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    /** The landing path without its query: /landers/gallery/milf-amsterdam, /, /members/12/landing. */
    landing: text('landing').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('traffic_visits_tenant_created_idx').on(t.tenantId, t.createdAt.desc())],
)

/**
 * A tracked account's signup and first purchase, at most one of each per account (the unique index makes the
 * event and its postback happen once), with the traffic source copied from the account and the postback's state.
 */
export const trafficConversions = pgTable(
  'traffic_conversions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: id('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    pool: text('pool').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** signup, first_purchase */
    kind: text('kind').notNull(),
    network: text('network'),
    ref: text('ref'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    clickid: text('clickid'),
    landing: text('landing'),
    amountCents: integer('amount_cents').notNull().default(0),
    currency: text('currency'),
    /** pending (a job will call it), sent, none (no postback configured), refused (not a public host), failed */
    postbackStatus: text('postback_status').notNull().default('pending'),
    postbackAt: ts('postback_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('traffic_conversions_account_kind_key').on(t.accountId, t.kind),
    index('traffic_conversions_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
  ],
)

/**
 * A chat operator working on a conversation with a fictional profile (issue 13): one row per conversation, so two
 * operators never answer the same one at once. A claim counts until expires_at; after that anyone may take it.
 */
export const operatorClaims = pgTable('operator_claims', {
  conversationId: id('conversation_id').primaryKey().references(() => conversations.id, { onDelete: 'cascade' }),
  pool: text('pool').notNull(),
  staffId: id('staff_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  claimedAt: ts('claimed_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
}, (t) => [index('operator_claims_staff_idx').on(t.staffId)])

/** The chat operators' private notes about a member, kept per fictional profile (never shown to members). */
export const operatorNotes = pgTable(
  'operator_notes',
  {
    pool: text('pool').notNull(),
    fictionalId: id('fictional_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: id('member_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    updatedBy: id('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fictionalId, t.memberId] })],
)
