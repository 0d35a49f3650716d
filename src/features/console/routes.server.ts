// The console's API (/api/admin/*, decision 028). Definitions: src/features/console/endpoints.ts; each names its
// policy action and route() checks it for the caller's role before the handler runs. Handlers narrow every read
// and change to the staff member's pools (policy.poolsOf) and write an audit row with each change.
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../shared/api-errors'
import type { FeatureRouteOptions } from '../../server/core.server'
import type { EndpointRequest } from '../../server/endpoint.server'
import * as api from './endpoints'
import { actionsOf, allPools, isStaffRole, poolsOf } from '../../shared/staff-policy'
import { attemptStaffLogin, createStaffSession, destroyStaffSession, staffCookieName, staffCookieOptions, STAFF_SESSION_MAX_S } from './staff-auth.server'
import { auditorOf, writeAudit } from './audit.server'
import {
  auditPage, banMember, correctCredits, listComplaints, memberDetail, overview, replyToComplaint, searchMembers, unbanMember, updateComplaint,
} from './console.server'
import { paymentServices, publishBalance } from '../payments/index.server'
import type { Account } from '../accounts/index.server'
import type { LiveServerEvent } from '../../shared/chat-contracts'
import { paymentsListEndpoint, refundPaymentEndpoint } from './payment-endpoints'
import { listPayments, refundPayment } from './payments.server'

/** Failed console logins per client address in 5 minutes (successful ones do not count). */
export const STAFF_FAILED_LOGINS_PER_ADDRESS = 10

export async function consoleRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  const { db } = app.services.database
  const { config, tenants, realtime, limiter } = app.services
  const cookie = staffCookieName(config.sessionCookie)
  const pools = (staff: Account) => poolsOf(staff, allPools(tenants.all))
  const present = (staff: Account) => ({ id: staff.id, email: staff.email, role: isStaffRole(staff.role) ? staff.role : 'moderator' as const, actions: actionsOf(staff.role), pools: pools(staff) })
  const notFound = (req: { ctx: { t: (k: string) => string } }) => new ApiError(404, 'not_found', req.ctx.t('admin.errors.not_found'))

  route(app, api.staffLoginEndpoint, async (req, reply) => {
    const { t } = req.ctx
    // Per address too: guessed addresses must not fill the audit log with failed logins. Only failures count, so
    // a team that starts its shift behind one office address is never locked out by its own logins.
    const addressKey = `staff-login-ip:${req.ip}`
    const addressRule = { limit: STAFF_FAILED_LOGINS_PER_ADDRESS, windowSeconds: 300 }
    const tooMany = (retryAfterS: number) => new ApiError(429, 'too_many_requests', t('errors.too_many_requests'), undefined, undefined, { 'retry-after': String(retryAfterS) })
    const address = await limiter.peek(addressKey, addressRule)
    if (!address.allowed) throw tooMany(address.retryAfterS)
    const result = await attemptStaffLogin(db, limiter, req.body.email, req.body.password)
    if (!result.ok) {
      const counted = await limiter.consume(addressKey, addressRule)
      if (!counted.allowed) throw tooMany(counted.retryAfterS)
      await writeAudit(db, { staff: null, email: req.body.email, ip: req.ip }, { action: 'staff.login_failed', after: { reason: result.reason } })
      if (result.reason === 'blocked') {
        throw new ApiError(429, 'login_blocked', t('admin.login.blocked', { minutes: result.minutes }), undefined, { minutes: result.minutes }, { 'retry-after': String(result.minutes * 60) })
      }
      throw new ApiError(401, 'login_failed', t('admin.login.failed'))
    }
    await destroyStaffSession(db, req.cookies[cookie])
    const token = await createStaffSession(db, result.staff, req.ctx.tenant.id)
    await writeAudit(db, { staff: result.staff, ip: req.ip }, { action: 'staff.login', pool: result.staff.pool, after: { tenant: req.ctx.tenant.id } })
    reply.setCookie(cookie, token, staffCookieOptions(config.secureCookies, STAFF_SESSION_MAX_S))
    return { staff: present(result.staff) }
  })

  route(app, api.staffLogoutEndpoint, async (req, reply) => {
    await destroyStaffSession(db, req.cookies[cookie])
    await writeAudit(db, auditorOf(req), { action: 'staff.logout' })
    reply.clearCookie(cookie, staffCookieOptions(config.secureCookies))
    return { ok: true as const }
  })

  route(app, api.staffMeEndpoint, async (req) => ({ staff: present(req.ctx.staff) }))

  route(app, api.staffSessionEndpoint, async (req) => ({ staff: req.ctx.staff ? present(req.ctx.staff) : null }))

  route(app, api.overviewEndpoint, async (req) => {
    const mine = pools(req.ctx.staff)
    return overview(db, tenants.all.filter((t) => mine.includes(t.pool)), req.query.days)
  })

  route(app, api.memberSearchEndpoint, async (req) => ({ members: await searchMembers(db, pools(req.ctx.staff), req.query.q) }))

  route(app, api.memberDetailEndpoint, async (req) => {
    const detail = await memberDetail(db, pools(req.ctx.staff), req.query.id, (id) => tenants.byId.get(id)?.cdn_prefix ?? '')
    if (!detail) throw notFound(req)
    // Looking at a member's private data is itself a staff action (GDPR): it is logged, without before/after.
    await writeAudit(db, auditorOf(req), { action: 'members.view', pool: detail.pool, targetType: 'member', targetId: req.query.id })
    const { pool: _pool, ...out } = detail
    return out
  })

  route(app, api.banMemberEndpoint, async (req) => {
    const out = await banMember(db, pools(req.ctx.staff), req.body.id, req.body.reason, auditorOf(req))
    if (!out.ok) throw out.reason === 'not_found' ? notFound(req) : new ApiError(409, out.reason, req.ctx.t(`admin.errors.${out.reason}`))
    // Every open tab of the member, on every instance, leaves for /pages/ban now; their sessions are already gone.
    await realtime.publish([req.body.id], { type: 'banned' } satisfies LiveServerEvent)
    return { status: out.status }
  })

  route(app, api.unbanMemberEndpoint, async (req) => {
    const out = await unbanMember(db, pools(req.ctx.staff), req.body.id, req.body.reason, auditorOf(req))
    if (!out.ok) throw out.reason === 'not_found' ? notFound(req) : new ApiError(409, out.reason, req.ctx.t(`admin.errors.${out.reason}`))
    return { status: out.status }
  })

  route(app, api.correctCreditsEndpoint, async (req) => {
    const b = req.body
    const out = await correctCredits(db, pools(req.ctx.staff), { id: b.id, delta: b.delta, reason: b.reason, requestId: b.request_id }, auditorOf(req))
    if (!out) throw notFound(req)
    if (out.applied) await publishBalance(realtime, b.id, { balance: out.balance, paidUser: out.paidUser })
    return { credits: out.balance, applied: out.applied, delta: out.delta }
  })

  route(app, api.complaintsListEndpoint, async (req) => listComplaints(db, pools(req.ctx.staff), req.query.status))

  route(app, api.complaintUpdateEndpoint, async (req) => {
    const out = await updateComplaint(db, pools(req.ctx.staff), { id: req.body.id, status: req.body.status, assignedTo: req.body.assigned_to }, auditorOf(req))
    if (!out) throw notFound(req)
    if (out === 'bad_assignee') throw new ApiError(400, 'invalid_input', req.ctx.t('errors.invalid_input'), { assigned_to: req.ctx.t('admin.errors.bad_assignee') })
    return { complaint: out }
  })

  route(app, api.complaintReplyEndpoint, async (req) => {
    const out = await replyToComplaint(db, pools(req.ctx.staff), { id: req.body.id, message: req.body.message, lng: req.ctx.lng }, auditorOf(req))
    if (!out) throw notFound(req)
    return { complaint: out }
  })

  route(app, paymentsListEndpoint, async (req) => ({ payments: await listPayments(db, pools(req.ctx.staff), req.query) }))

  route(app, refundPaymentEndpoint, async (req) => {
    const out = await refundPayment(db, paymentServices(app.services).provider, pools(req.ctx.staff), req.body, auditorOf(req))
    if (!out.ok) {
      if (out.reason === 'not_found') throw notFound(req)
      if (out.reason === 'amount_too_high') {
        const left = new Intl.NumberFormat(req.ctx.lng, { style: 'currency', currency: out.currency }).format(out.left / 100)
        throw new ApiError(400, 'invalid_input', req.ctx.t('errors.invalid_input'), { amount_cents: req.ctx.t('admin.payments.amount_too_high', { amount: left }) })
      }
      throw out.reason === 'provider_error' ? new ApiError(502, 'provider_error', req.ctx.t('admin.payments.provider_error')) : new ApiError(409, 'not_refundable', req.ctx.t('admin.payments.not_refundable'))
    }
    // The member's open tabs show the new balance at once.
    if (out.balance) await publishBalance(realtime, out.balance.accountId, { balance: out.balance.balance, paidUser: out.balance.paidUser })
    return { payment: out.payment, applied: out.applied, credits_taken: out.creditsTaken, balance: out.credits }
  })

  route(app, api.auditEndpoint, async (req: EndpointRequest<typeof api.auditEndpoint>) => ({ entries: await auditPage(db, { before: req.query.before, action: req.query.action }) }))
}
