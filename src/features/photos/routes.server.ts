// The member's own photos (upload, list, main image, delete) and the staff review at /admin/photos. Definitions:
// src/features/photos/endpoints.ts (the staff check is their `session: 'staff'` and `staffAction: 'photos.review'`:
// admins and moderators, on the pool of the brand they are on when it is one of theirs).
import type { FastifyInstance } from 'fastify'
import type { FeatureRouteOptions } from '../../server/core.server'
import multipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import { ApiError } from '../../shared/api-errors'
import * as api from './endpoints'
import { profiles } from '../../db/schema'
import { allPools, poolsOf } from '../../shared/staff-policy'
import { auditorOf, writeAudit } from '../console/index.server'
import type { LiveServerEvent } from '../../shared/chat-contracts'
import {
  addPhoto, deletePhoto, listOwnPhotos, mayAddPhoto, MAX_UPLOAD_BYTES, pendingPhotos, PHOTO_LIMIT, presentOwnPhoto, reviewPhoto, setMainPhoto,
} from './photos.server'

export async function photoRoutes(app: FastifyInstance, { core }: FeatureRouteOptions) {
  const { route, enforceLimit } = core
  const { db } = app.services.database
  const media = app.services.media
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } })

  const ownPhotos = async (accountId: number, paidUser: boolean, mediaBase: string) => {
    const [profile] = await db.select({ main: profiles.mainPhotoId }).from(profiles).where(eq(profiles.accountId, accountId))
    const list = await listOwnPhotos(db, accountId)
    return { photos: list.map((p) => presentOwnPhoto(p, mediaBase, profile?.main ?? null)), limit: paidUser ? PHOTO_LIMIT.premium : PHOTO_LIMIT.free }
  }

  route(app, api.ownPhotosEndpoint, async (req) => {
    const account = req.ctx.account
    return ownPhotos(account.id, account.paidUser, req.ctx.tenant.cdn_prefix)
  })

  route(app, api.uploadPhotoEndpoint, async (req, reply) => {
    const account = req.ctx.account
    const { t } = req.ctx
    if (!req.isMultipart()) throw new ApiError(400, 'invalid_input', t('photos.not_an_image'))
    await enforceLimit(req, `upload:${account.id}`, 30, 3600)
    // The limit before the upload is read or decoded (addPhoto checks it again, under a lock).
    if (!(await mayAddPhoto(db, account))) throw new ApiError(400, 'too_many_photos', t('photos.too_many', { limit: account.paidUser ? PHOTO_LIMIT.premium : PHOTO_LIMIT.free }))
    const file = await req.file()
    if (!file) throw new ApiError(400, 'invalid_input', t('photos.not_an_image'))
    let input: Buffer
    try {
      input = await file.toBuffer()
    } catch {
      throw new ApiError(413, 'too_large', t('photos.too_large'))
    }
    const visibility = (file.fields.visibility as { value?: string } | undefined)?.value === 'private' ? 'private' : 'public'
    try {
      await addPhoto(db, { account, input, visibility, media })
    } catch (err) {
      const code = (err as Error).message
      if (code === 'too_many_photos') {
        throw new ApiError(400, 'too_many_photos', t('photos.too_many', { limit: account.paidUser ? PHOTO_LIMIT.premium : PHOTO_LIMIT.free }))
      }
      if (code === 'not_an_image') throw new ApiError(400, 'not_an_image', t('photos.not_an_image'))
      throw err
    }
    reply.code(201)
    return ownPhotos(account.id, account.paidUser, req.ctx.tenant.cdn_prefix)
  })

  route(app, api.mainPhotoEndpoint, async (req) => {
    const account = req.ctx.account
    const { id } = req.body
    if (!(await setMainPhoto(db, account.id, id))) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return ownPhotos(account.id, account.paidUser, req.ctx.tenant.cdn_prefix)
  })

  route(app, api.deletePhotoEndpoint, async (req) => {
    const account = req.ctx.account
    const { id } = req.query
    if (!(await deletePhoto(db, account.id, id, media))) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return ownPhotos(account.id, account.paidUser, req.ctx.tenant.cdn_prefix)
  })

  /** The pool a staff member reviews here: the brand's, if the staff member works on it. */
  const reviewPool = (req: { ctx: { staff: { role: string; pool: string }; tenant: { pool: string }; t: (k: string) => string } }) => {
    const pool = req.ctx.tenant.pool
    if (!poolsOf(req.ctx.staff, allPools(app.services.tenants.all)).includes(pool)) throw new ApiError(403, 'forbidden', req.ctx.t('admin.errors.other_pool'))
    return pool
  }

  route(app, api.pendingPhotosEndpoint, async (req) => {
    const base = req.ctx.tenant.cdn_prefix
    const rows = await pendingPhotos(db, reviewPool(req))
    return {
      photos: rows.map((r) => ({ id: r.photo.id, name: r.name, email: r.email, visibility: r.photo.visibility, filename: `${base}/media/${r.photo.filename}`, created_at: new Date(r.photo.createdAt).toISOString() })),
    }
  })

  route(app, api.reviewPhotoEndpoint, async (req) => {
    const body = req.body
    const pool = reviewPool(req)
    const photo = await reviewPhoto(db, pool, body.id, body.action)
    if (!photo) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    await writeAudit(db, auditorOf(req), { action: 'photos.review', pool, targetType: 'photo', targetId: photo.id, before: { status: 'pending' }, after: { status: photo.status, account_id: photo.accountId } })
    // The owner's open pages show the result at once (decision 037 addendum).
    await app.services.realtime.publish([photo.accountId], { type: 'moderated', subject: 'photo', id: photo.id, status: photo.status === 'active' ? 'approved' : 'rejected' } satisfies LiveServerEvent)
    return { ok: true as const }
  })
}
