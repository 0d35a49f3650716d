// The member's own photos (upload, list, main image, delete) and the staff review at /admin/photos. Definitions:
// src/features/photos/endpoints.ts (the staff check is their `session: 'staff'`).
import type { FastifyInstance } from 'fastify'
import multipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import { ApiError } from '../context.server'
import { route } from '../endpoint.server'
import * as api from '../../features/photos/endpoints'
import { enforceLimit } from '../rate-limit.server'
import { profiles } from '../../db/schema'
import {
  addPhoto, deletePhoto, listOwnPhotos, mayAddPhoto, MAX_UPLOAD_BYTES, pendingPhotos, PHOTO_LIMIT, presentOwnPhoto, reviewPhoto, setMainPhoto,
} from '../../features/photos/photos.server'

export async function photoRoutes(app: FastifyInstance) {
  const { db } = app.services.database
  const mediaDir = app.services.config.mediaDir
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
      await addPhoto(db, { account, input, visibility, mediaDir })
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
    if (!(await deletePhoto(db, account.id, id, mediaDir))) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return ownPhotos(account.id, account.paidUser, req.ctx.tenant.cdn_prefix)
  })

  route(app, api.pendingPhotosEndpoint, async (req) => {
    const staff = req.ctx.account
    const base = req.ctx.tenant.cdn_prefix
    const rows = await pendingPhotos(db, staff.pool)
    return {
      photos: rows.map((r) => ({ id: r.photo.id, name: r.name, email: r.email, visibility: r.photo.visibility, filename: `${base}/media/${r.photo.filename}`, created_at: new Date(r.photo.createdAt).toISOString() })),
    }
  })

  route(app, api.reviewPhotoEndpoint, async (req) => {
    const staff = req.ctx.account
    const body = req.body
    if (!(await reviewPhoto(db, staff.pool, body.id, body.action))) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return { ok: true as const }
  })
}
