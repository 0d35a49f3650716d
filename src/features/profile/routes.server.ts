// GET and PUT /api/profile.php: the member's own profile fields; GET /api/geocode.php. Definitions:
// src/features/profile/endpoints.ts.
import type { FastifyInstance } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import { reverseGeocode } from './geocode.server'
import { ApiError } from '../../shared/api-errors'
import * as api from './endpoints'
import { pendingTexts, readOwnProfile, reviewTexts, updateOwnProfile } from './profile.server'
import { allPools, poolsOf } from '../../shared/staff-policy'
import { auditorOf, writeAudit } from '../console/index.server'
import type { LiveServerEvent } from '../../shared/chat-contracts'

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

  // The review of members' profile texts (decision 037 addendum): moderators and admins, on the pool of the brand
  // the console is opened on when it is one of theirs (as the photo review).
  const reviewPool = (req: { ctx: { staff: { role: string; pool: string }; tenant: { pool: string }; t: (k: string) => string } }) => {
    const pool = req.ctx.tenant.pool
    if (!poolsOf(req.ctx.staff, allPools(app.services.tenants.all)).includes(pool)) throw new ApiError(403, 'forbidden', req.ctx.t('admin.errors.other_pool'))
    return pool
  }

  route(app, api.pendingTextsEndpoint, async (req) => {
    const rows = await pendingTexts(db, reviewPool(req))
    return {
      texts: rows.map((r) => ({ account_id: r.accountId, name: r.name, email: r.email, about: r.about, looking_for: r.lookingFor, submitted_at: (r.submittedAt ?? new Date(0)).toISOString() })),
    }
  })

  route(app, api.reviewTextsEndpoint, async (req) => {
    const { account_id, action, submitted_at } = req.body
    const pool = reviewPool(req)
    const result = await reviewTexts(db, { pool, accountId: account_id, action, submittedAt: new Date(submitted_at) }, async (tx, r) => {
      await writeAudit(tx, auditorOf(req), {
        action: 'texts.review',
        pool,
        targetType: 'member',
        targetId: account_id,
        before: { text_status: 'pending', ...r.before },
        after: { text_status: r.status },
      })
    })
    if (!result.ok) {
      if (result.reason === 'changed') throw new ApiError(409, 'changed', req.ctx.t('admin.texts.changed'))
      throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    }
    // The owner's open pages show the result at once (every instance, through the realtime bus).
    await app.services.realtime.publish([account_id], { type: 'moderated', subject: 'text', status: result.status } satisfies LiveServerEvent)
    return { text_status: result.status }
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
