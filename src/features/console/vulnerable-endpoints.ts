// The vulnerable flag (issue 13, the Dutch ACM commitments for chat operators; decision 037 addendum): a chat
// operator marks the member of a conversation with a fictional profile as vulnerable; the member is then told
// plainly that staff answer the fictional profiles, and cannot send them paid messages until staff (support or an
// admin, never the operator) review it and lift the mark. Handlers: vulnerable-routes.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const reason = z.string().trim().min(3).max(500)
const iso = z.string()

/** A member's mark: when it was set (null: not marked) and the reason the operator gave. */
export const vulnerableState = z.object({ member_id: z.number(), vulnerable_at: iso.nullable(), reason: z.string().nullable() })

export const operatorVulnerableStateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/operator-vulnerable.php',
  summary: 'Whether the member of a conversation with a fictional profile is marked vulnerable',
  session: 'staff',
  staffAction: 'operator.vulnerable',
  query: z.object({ conversation_id: id }),
  response: vulnerableState,
  errors: ['not_found'],
})

export const operatorVulnerableMarkEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/operator-vulnerable.php',
  summary: 'Mark the member of a conversation with a fictional profile vulnerable (audited; the member is told live)',
  session: 'staff',
  staffAction: 'operator.vulnerable',
  body: z.object({ conversation_id: id, reason }),
  response: vulnerableState,
  errors: ['not_found'],
})

export const memberVulnerableStateEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/member-vulnerable.php',
  summary: 'Whether a member is marked vulnerable, with the operator\'s reason (for the staff review)',
  session: 'staff',
  staffAction: 'members.vulnerable_review',
  query: z.object({ id }),
  response: vulnerableState,
  errors: ['not_found'],
})

export const memberVulnerableLiftEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/member-vulnerable.php',
  summary: 'The staff review of a vulnerable mark: lift it with a reason (audited; the member is told live)',
  session: 'staff',
  staffAction: 'members.vulnerable_review',
  body: z.object({ id, reason }),
  response: vulnerableState,
  errors: ['not_found', 'not_vulnerable'],
})

export const VULNERABLE_ENDPOINTS = [operatorVulnerableStateEndpoint, operatorVulnerableMarkEndpoint, memberVulnerableStateEndpoint, memberVulnerableLiftEndpoint] as const
