// THE access check of the marketers' lander gallery and its traffic figures (/admin/landers, decision 029): one
// call, used by both endpoints. Today the staff role of /admin/photos; when staff roles arrive, this is the line
// that becomes "marketer or admin".
import type { FastifyRequest } from 'fastify'
import { ApiError, requireAccount } from '../../server/context.server'
import type { Account } from '../accounts/sessions.server'

export function mayUseLanderGallery(account: Pick<Account, 'role'>): boolean {
  return account.role === 'staff'
}

/** Route guard: a visitor gets 403 authentication_required, a member who may not 403 forbidden. */
export function requireLanderGalleryAccess(req: FastifyRequest): void {
  const account = requireAccount(req)
  if (!mayUseLanderGallery(account)) throw new ApiError(403, 'forbidden', req.ctx.t('errors.staff_only'))
}
