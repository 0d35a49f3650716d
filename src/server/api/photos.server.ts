// The member's own photos (upload, list, main image, delete) and the staff review at /admin/photos.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { eq } from 'drizzle-orm'
import { photoIdRequest, reviewPhotoRequest } from '../../shared/contracts'
import { ApiError, requireAccount } from '../context.server'
import { parseInput } from '../zod-errors.server'
import { rateLimitHit } from '../rate-limit.server'
import { profiles } from '../../db/schema'
import {
  addPhoto, deletePhoto, listOwnPhotos, mayAddPhoto, MAX_UPLOAD_BYTES, pendingPhotos, PHOTO_LIMIT, presentOwnPhoto, reviewPhoto, setMainPhoto,
} from '../../features/photos/photos.server'

function requireStaff(req: FastifyRequest) {
  const account = requireAccount(req)
  if (account.role !== 'staff') throw new ApiError(403, 'forbidden', req.ctx.t('photos.staff_only'))
  return account
}

export async function photoRoutes(app: FastifyInstance) {
  const { db } = app.services.database
  const mediaDir = app.services.config.mediaDir
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } })

  const ownPhotos = async (accountId: number, paidUser: boolean, mediaBase: string) => {
    const [profile] = await db.select({ main: profiles.mainPhotoId }).from(profiles).where(eq(profiles.accountId, accountId))
    const list = await listOwnPhotos(db, accountId)
    return { photos: list.map((p) => presentOwnPhoto(p, mediaBase, profile?.main ?? null)), limit: paidUser ? PHOTO_LIMIT.premium : PHOTO_LIMIT.free }
  }

  app.get('/api/photos.php', async (req) => {
    const account = requireAccount(req)
    return ownPhotos(account.id, account.paidUser, req.ctx.tenant.cdn_prefix)
  })

  app.post('/api/photos.php', async (req, reply) => {
    const account = requireAccount(req)
    const { t } = req.ctx
    if (!req.isMultipart()) throw new ApiError(400, 'invalid_input', t('photos.not_an_image'))
    if (!(await rateLimitHit(db, `upload:${account.id}`, 30, 3600))) throw new ApiError(429, 'too_many_requests', t('errors.too_many_requests'))
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

  app.post('/api/photos-main.php', async (req) => {
    const account = requireAccount(req)
    const { id } = parseInput(photoIdRequest, req.body, req.ctx.t)
    if (!(await setMainPhoto(db, account.id, id))) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return ownPhotos(account.id, account.paidUser, req.ctx.tenant.cdn_prefix)
  })

  app.delete('/api/photos.php', async (req) => {
    const account = requireAccount(req)
    const { id } = parseInput(photoIdRequest, req.query, req.ctx.t)
    if (!(await deletePhoto(db, account.id, id, mediaDir))) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return ownPhotos(account.id, account.paidUser, req.ctx.tenant.cdn_prefix)
  })

  app.get('/api/admin/photos.php', async (req) => {
    const staff = requireStaff(req)
    const base = req.ctx.tenant.cdn_prefix
    const rows = await pendingPhotos(db, staff.pool)
    return {
      photos: rows.map((r) => ({ id: r.photo.id, name: r.name, email: r.email, visibility: r.photo.visibility, filename: `${base}/media/${r.photo.filename}`, created_at: r.photo.createdAt })),
    }
  })

  app.post('/api/admin/photos.php', async (req) => {
    const staff = requireStaff(req)
    const body = parseInput(reviewPhotoRequest, req.body, req.ctx.t)
    if (!(await reviewPhoto(db, staff.pool, body.id, body.action))) throw new ApiError(404, 'not_found', req.ctx.t('errors.not_found'))
    return { ok: true }
  })
}
