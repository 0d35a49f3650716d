// The staff audit log (decision 028): one row per staff action, written in the transaction of the action itself
// where it has one (so the action cannot happen without its row). Rows are only ever inserted.
import type { FastifyRequest } from 'fastify'
import type { Db, Tx } from '../../db/client.server'
import { staffAudit } from '../../db/schema'
import type { Account } from '../accounts/index.server'

export interface AuditEntry {
  action: string
  pool?: string | null
  targetType?: string
  targetId?: string | number
  before?: unknown
  after?: unknown
}

export async function writeAudit(q: Db | Tx, who: { staff: Pick<Account, 'id' | 'email' | 'role'> | null; email?: string; ip?: string }, e: AuditEntry) {
  await q.insert(staffAudit).values({
    staffId: who.staff?.id ?? null,
    staffEmail: who.staff?.email ?? who.email ?? '',
    staffRole: who.staff?.role ?? null,
    action: e.action,
    pool: e.pool ?? null,
    targetType: e.targetType ?? null,
    targetId: e.targetId === undefined ? null : String(e.targetId),
    before: e.before ?? null,
    after: e.after ?? null,
    ip: who.ip ?? null,
  })
}

/** The audit author of a console request. */
export const auditorOf = (req: FastifyRequest & { ctx: { staff: Account } }) => ({ staff: req.ctx.staff, ip: req.ip })
