// GET and PUT /api/profile.php: the member's own profile fields; GET /api/geocode.php. Definitions:
// src/features/profile/endpoints.ts.
import type { FastifyInstance } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { reverseGeocode } from './geocode.server'
import { ApiError } from '../../shared/api-errors'
import * as api from './endpoints'
import { readOwnProfile, updateOwnProfile } from './profile.server'

export async function profileRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  const { db } = app.services.database
  route(app, api.ownProfileEndpoint, async (req) => ({ profile: await readOwnProfile(db, req.ctx.account.id) }))
  route(app, api.updateOwnProfileEndpoint, async (req) => {
    const { t, tenant, account } = req.ctx
    const patch = req.body
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
export async function geocodeRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route } = core
  route(app, api.geocodeEndpoint, async (req) => {
    const place = reverseGeocode(req.query.lat, req.query.lon)
    if (!place) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return { ...place, served: Boolean(req.ctx.tenant.countries[place.country]) }
  })
}
