// GET and PUT /api/profile.php: the member's own profile fields.
import type { FastifyInstance } from 'fastify'
import { geocodeRequest, updateProfileRequest } from '../../shared/contracts'
import { reverseGeocode } from '../../features/profile/geocode.server'
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
    // SPEC.md section 5: the profile name differs from the e-mail address and does not start with @.
    if (patch.name && patch.name.toLowerCase() === account.email.toLowerCase()) {
      throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { name: t('signup.name_is_email') })
    }
    if (patch.name?.startsWith('@')) throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), { name: t('signup.name_at') })
    const result = await updateOwnProfile(db, { tenant, accountId: account.id, patch, t })
    if (!result.ok) throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), result.fields)
    return { profile: result.profile }
  })
}

/** GET /api/geocode.php?lat&lon: the browser's position, reverse-geocoded offline. */
export async function geocodeRoutes(app: FastifyInstance) {
  app.get('/api/geocode.php', async (req) => {
    const { t } = req.ctx
    const { lat, lon } = parseInput(geocodeRequest, req.query, t)
    const place = reverseGeocode(lat, lon)
    if (!place) throw new ApiError(404, 'not_found', t('errors.not_found'))
    return { ...place, served: Boolean(req.ctx.tenant.countries[place.country]) }
  })
}
