// GET and PUT /api/profile.php: the member's own profile fields.
import type { FastifyInstance } from 'fastify'
import { updateProfileRequest } from '../../shared/contracts'
import { ApiError, requireAccount } from '../context.server'
import { parseInput } from '../zod-errors.server'
import { readOwnProfile, updateOwnProfile } from '../../features/profile/profile.server'

export async function profileRoutes(app: FastifyInstance) {
  const { db } = app.services.database
  app.get('/api/profile.php', async (req) => {
    const account = requireAccount(req)
    return { profile: await readOwnProfile(db, account.id) }
  })
  app.put('/api/profile.php', async (req) => {
    const account = requireAccount(req)
    const { t, tenant } = req.ctx
    const patch = parseInput(updateProfileRequest, req.body, t)
    if (patch.name && patch.name.toLowerCase() === account.email.toLowerCase()) {
      throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { name: t('signup.name_is_email') })
    }
    const result = await updateOwnProfile(db, { tenant, accountId: account.id, patch, t })
    if (!result.ok) throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), result.fields)
    return { profile: result.profile }
  })
}
