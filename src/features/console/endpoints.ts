// The console's endpoints (/admin, decision 028). Every one but the login is `session: 'staff'` with the policy
// action it needs (src/shared/staff-policy.ts), which route() checks before anything else runs.
// Handlers: routes.server.ts in this folder.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { STAFF_ACTIONS, STAFF_ROLES } from '../../shared/staff-policy'

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const iso = z.string()

export const staffSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** What the policy lets this role do: the console shows only these. */
  actions: z.array(z.enum(STAFF_ACTIONS)),
  /** The pools this staff member works on (an admin: all). */
  pools: z.array(z.string()),
})
export type StaffMe = z.infer<typeof staffSchema>

export const staffLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/login.php',
  summary: 'Staff login to the console (its own session cookie; 3 failures block for an hour)',
  session: 'none',
  body: z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(1000) }),
  response: z.object({ staff: staffSchema }),
  errors: ['login_failed', 'login_blocked'],
})

export const staffLogoutEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/logout.php',
  summary: 'Ends the console session',
  session: 'staff',
  staffAction: 'console.view',
  response: z.object({ ok: z.literal(true) }),
  errors: [],
})

export const staffMeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/me.php',
  summary: 'The logged-in staff member, their role and allowed actions',
  session: 'staff',
  staffAction: 'console.view',
  response: z.object({ staff: staffSchema }),
  errors: [],
})

/**
 * Who is logged in to the console, or null: the frame asks this first, so a visitor without a console session gets
 * the login form from a 200 instead of a 403 (which a browser logs as an error). Not a policy action: it says nothing
 * but the caller's own session.
 */
export const staffSessionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/session.php',
  summary: 'The logged-in staff member with their role and allowed actions, or null without a console session',
  session: 'none',
  response: z.object({ staff: staffSchema.nullable() }),
  errors: [],
})

export const OVERVIEW_DAYS = 30
export const overviewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/overview.php',
  summary: 'Every tenant of the staff member\'s pools with members and, per day, signups, active members and revenue',
  session: 'staff',
  staffAction: 'overview.view',
  query: z.object({ days: z.coerce.number().int().min(7).max(90).default(OVERVIEW_DAYS) }),
  response: z.object({
    /** The days of the series, oldest first (YYYY-MM-DD, UTC). */
    days: z.array(z.string()),
    tenants: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        domains: z.array(z.string()),
        pool: z.string(),
        niche: z.number(),
        /** Accounts of the brand that are not deleted or staff. */
        members: z.number(),
        signups: z.array(z.number()),
        active: z.array(z.number()),
        /** Paid orders per day, per currency, in cents. */
        revenue: z.array(z.object({ currency: z.string(), cents: z.array(z.number()) })),
      }),
    ),
  }),
  errors: [],
})

export const memberSummarySchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  tenant_id: z.string(),
  pool: z.string(),
  status: z.string(),
  credits: z.number(),
  paid_user: z.boolean(),
  fictional: z.boolean(),
  created_at: iso,
})

export const memberSearchEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/members.php',
  summary: 'Look members up by e-mail, name or id across the staff member\'s pools',
  session: 'staff',
  staffAction: 'members.search',
  query: z.object({ q: z.string().trim().min(1).max(254) }),
  response: z.object({ members: z.array(memberSummarySchema) }),
  errors: [],
})

export const memberDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/member.php',
  summary: 'A member: profile, photos, ledger and payments, complaints and logins (viewing is audited)',
  session: 'staff',
  staffAction: 'members.view',
  query: z.object({ id }),
  response: z.object({
    member: memberSummarySchema.extend({
      gender: z.string().nullable(),
      birth_date: z.string().nullable(),
      country: z.string().nullable(),
      city: z.string().nullable(),
      about: z.string().nullable(),
      last_login_at: iso.nullable(),
      payment_flag: z.string().nullable(),
    }),
    photos: z.array(z.object({ id: z.number(), url: z.string(), status: z.string(), visibility: z.string(), created_at: iso })),
    ledger: z.array(z.object({ id: z.number(), delta: z.number(), balance_after: z.number(), reason: z.string(), reference: z.string().nullable(), note: z.string().nullable(), created_at: iso })),
    payments: z.array(z.object({ id: z.number(), order_id: z.number(), provider: z.string(), method: z.string(), status: z.string(), amount_cents: z.number(), currency: z.string(), refunded_cents: z.number(), created_at: iso })),
    complaints: z.array(z.object({ id: z.number(), subject: z.string(), status: z.string(), created_at: iso })),
    /** The member's sessions: when each began and was last used, on which brand. */
    logins: z.array(z.object({ tenant_id: z.string(), created_at: iso, last_seen_at: iso })),
    /** The console's actions on this member. */
    audit: z.array(z.object({ id: z.number(), action: z.string(), staff_email: z.string(), created_at: iso, before: z.unknown(), after: z.unknown() })),
  }),
  errors: ['not_found'],
})

const reason = z.string().trim().min(3).max(500)

export const banMemberEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/member-ban.php',
  summary: 'Bans a member: every session ends at once and open tabs go to /pages/ban',
  session: 'staff',
  staffAction: 'members.ban',
  body: z.object({ id, reason }),
  response: z.object({ status: z.string() }),
  errors: ['not_found', 'already_banned'],
})

export const unbanMemberEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/member-unban.php',
  summary: 'Lifts a ban',
  session: 'staff',
  staffAction: 'members.unban',
  body: z.object({ id, reason }),
  response: z.object({ status: z.string() }),
  errors: ['not_found', 'not_banned'],
})

export const correctCreditsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/member-credits.php',
  summary: 'Corrects a member\'s credits with a ledger entry and its reason; request_id makes a repeat apply once',
  session: 'staff',
  staffAction: 'credits.correct',
  body: z.object({
    id,
    delta: z.coerce.number().int().min(-100000).max(100000).refine((n) => n !== 0),
    reason,
    request_id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
  }),
  response: z.object({ credits: z.number(), applied: z.boolean(), delta: z.number() }),
  errors: ['not_found'],
})

export const COMPLAINT_STATUSES = ['open', 'in_progress', 'closed'] as const
const complaintSchema = z.object({
  id: z.number(),
  tenant_id: z.string(),
  pool: z.string(),
  account_id: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  profile_url: z.string().nullable(),
  status: z.string(),
  assigned_to: z.number().nullable(),
  reply: z.string().nullable(),
  replied_at: iso.nullable(),
  created_at: iso,
})

export const complaintsListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/complaints.php',
  summary: 'Complaints of the staff member\'s pools, newest first, optionally by status',
  session: 'staff',
  staffAction: 'complaints.view',
  query: z.object({ status: z.enum(COMPLAINT_STATUSES).optional() }),
  response: z.object({
    complaints: z.array(complaintSchema),
    /** Who a complaint can be assigned to: staff allowed to handle complaints in these pools. */
    assignees: z.array(z.object({ id: z.number(), email: z.string() })),
  }),
  errors: [],
})

export const complaintUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/complaint.php',
  summary: 'Sets a complaint\'s status or assignment',
  session: 'staff',
  staffAction: 'complaints.update',
  body: z.object({ id, status: z.enum(COMPLAINT_STATUSES).optional(), assigned_to: id.nullable().optional() }),
  response: z.object({ complaint: complaintSchema }),
  errors: ['not_found'],
})

export const complaintReplyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/complaint-reply.php',
  summary: 'Replies to a complaint by e-mail (in the brand\'s name) and marks it in progress',
  session: 'staff',
  staffAction: 'complaints.reply',
  body: z.object({ id, message: z.string().trim().min(5).max(5000) }),
  response: z.object({ complaint: complaintSchema }),
  errors: ['not_found'],
})

export const auditEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/audit.php',
  summary: 'The staff audit log, newest first, 100 a page',
  session: 'staff',
  staffAction: 'audit.view',
  query: z.object({ before: id.optional(), action: z.string().max(60).optional() }),
  response: z.object({
    entries: z.array(
      z.object({
        id: z.number(),
        staff_email: z.string(),
        staff_role: z.string().nullable(),
        action: z.string(),
        pool: z.string().nullable(),
        target_type: z.string().nullable(),
        target_id: z.string().nullable(),
        before: z.unknown(),
        after: z.unknown(),
        ip: z.string().nullable(),
        created_at: iso,
      }),
    ),
  }),
  errors: [],
})

/** Every console endpoint, for the policy test and the console's own registration. */
export const CONSOLE_ENDPOINTS = [
  staffLogoutEndpoint, staffMeEndpoint, overviewEndpoint, memberSearchEndpoint, memberDetailEndpoint, banMemberEndpoint, unbanMemberEndpoint,
  correctCreditsEndpoint, complaintsListEndpoint, complaintUpdateEndpoint, complaintReplyEndpoint, auditEndpoint,
] as const
