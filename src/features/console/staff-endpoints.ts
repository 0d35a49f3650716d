// The console's staff accounts (/admin/staff, issue 13): the list, and making one with the rules of
// `npm run staff:create` (the same createStaff: a role of the policy, the pool of the chosen tenant, a password of at
// least 12 characters; an existing account of that address in the pool becomes staff and loses its member
// sessions). Admin only; audited without the password. Handlers: staff-routes.server.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { STAFF_ROLES } from '../../shared/staff-policy'

export const STAFF_PASSWORD_MIN_LENGTH = 12

const staffRowSchema = z.object({ id: z.number(), email: z.string(), role: z.string(), pool: z.string(), tenant_id: z.string(), created_at: z.string() })

export const staffListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/admin/staff.php',
  summary: 'The staff accounts with role, pool and brand, newest first',
  session: 'staff',
  staffAction: 'staff.manage',
  response: z.object({ staff: z.array(staffRowSchema) }),
  errors: [],
})

export const staffCreateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/admin/staff-create.php',
  summary: 'Makes a staff account with a role in a tenant\'s pool (the rules of npm run staff:create)',
  session: 'staff',
  staffAction: 'staff.manage',
  body: z.object({
    tenant: z.string().regex(/^[a-z0-9-]{1,60}$/),
    email: z.string().trim().email().max(254),
    password: z.string().min(STAFF_PASSWORD_MIN_LENGTH).max(1000),
    role: z.enum(STAFF_ROLES),
    name: z.string().trim().min(1).max(100).optional(),
  }),
  response: z.object({ staff: staffRowSchema, created: z.boolean() }),
  errors: ['not_found'],
})

export const STAFF_ENDPOINTS = [staffListEndpoint, staffCreateEndpoint] as const
