// The vulnerable flag's API (decision 037 addendum). Definitions: src/features/console/vulnerable-endpoints.ts.
// A chat operator marks the member of a conversation with a fictional profile of their pools; support or an admin
// reviews and lifts it. Every change is audited (before/after) and the member's open tabs reload the user at once
// (the `account_changed` event), which shows or removes the warning; the chat's send path refuses the member's
// paid messages to fictional profiles while the mark stands (src/features/chat/chat.server.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ApiError } from '../../shared/api-errors'
import type { FeatureRouteOptions } from '../../server/core.server'
import * as api from './vulnerable-endpoints'
import { liftVulnerable, markVulnerable, vulnerableState } from './vulnerable.server'
import { fictionalConversation } from './operator.server'
import { auditorOf, writeAudit } from './audit.server'
import { allPools, poolsOf } from '../../shared/staff-policy'
import type { LiveServerEvent } from '../../shared/chat-contracts'
import type { Account } from '../accounts/index.server'

export async function consoleVulnerableRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  const { db } = app.services.database
  const { tenants, realtime } = app.services
  const pools = (staff: Account) => poolsOf(staff, allPools(tenants.all))
  const notFound = (req: FastifyRequest) => new ApiError(404, 'not_found', req.ctx.t('admin.errors.not_found'))
  const conversationMember = async (req: FastifyRequest & { ctx: { staff: Account } }, conversationId: number) => {
    const found = await fictionalConversation(db, pools(req.ctx.staff), conversationId)
    if (!found) throw notFound(req)
    return found
  }

  route(app, api.operatorVulnerableStateEndpoint, async (req) => {
    const { member } = await conversationMember(req, req.query.conversation_id)
    const state = await vulnerableState(db, pools(req.ctx.staff), member.account.id)
    if (!state) throw notFound(req)
    return state
  })

  route(app, api.operatorVulnerableMarkEndpoint, async (req) => {
    const { conversation, member, fictional } = await conversationMember(req, req.body.conversation_id)
    const memberId = member.account.id
    const marked = await markVulnerable(db, memberId, (tx) =>
      writeAudit(tx, auditorOf(req), {
        action: 'operator.vulnerable',
        pool: conversation.pool,
        targetType: 'member',
        targetId: memberId,
        before: { vulnerable: false },
        after: { vulnerable: true, reason: req.body.reason, conversation_id: conversation.id, fictional_id: fictional.account.id },
      }),
    )
    // The member's tabs reload the user: the warning shows at once.
    if (marked.changed) await realtime.publish([memberId], { type: 'account_changed' } satisfies LiveServerEvent)
    return (await vulnerableState(db, pools(req.ctx.staff), memberId))!
  })

  route(app, api.memberVulnerableStateEndpoint, async (req) => {
    const state = await vulnerableState(db, pools(req.ctx.staff), req.query.id)
    if (!state) throw notFound(req)
    return state
  })

  route(app, api.memberVulnerableLiftEndpoint, async (req) => {
    const before = await vulnerableState(db, pools(req.ctx.staff), req.body.id)
    if (!before) throw notFound(req)
    const lifted = await liftVulnerable(db, req.body.id, (tx, markedAt) =>
      writeAudit(tx, auditorOf(req), {
        action: 'members.vulnerable_review',
        targetType: 'member',
        targetId: req.body.id,
        before: { vulnerable: true, vulnerable_at: markedAt.toISOString(), reason: before.reason },
        after: { vulnerable: false, reason: req.body.reason },
      }),
    )
    if (!lifted) throw new ApiError(409, 'not_vulnerable', req.ctx.t('admin.vulnerable.errors.not_vulnerable'))
    await realtime.publish([req.body.id], { type: 'account_changed' } satisfies LiveServerEvent)
    return { member_id: req.body.id, vulnerable_at: null, reason: null }
  })
}
