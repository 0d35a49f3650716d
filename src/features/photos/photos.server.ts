// Member photos: checked by content, re-encoded with sharp (orientation applied, all metadata such as GPS
// dropped, a pixel limit), stored under random names with a thumbnail and a blurred copy, and reviewed by staff
// before anyone else sees them.
import crypto from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, photos, profiles } from '../../db/schema'
import type { JobHandler } from '../../server/jobs.server'
import { enqueueJob } from '../../db/jobs.server'
import type { MediaStorage } from '../../server/media-storage.server'
import { MEDIA_NAME } from '../../shared/media-variants'

/** SPEC.md sections 5 and 9: free members at most 3 photos, premium at most 25. */
export const PHOTO_LIMIT = { free: 3, premium: 25 }
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Larger images are refused before decoding (a decompression bomb costs ~1 ms to refuse). */
export const MAX_INPUT_PIXELS = 40_000_000
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff'])

export type PhotoError = 'not_an_image' | 'too_many_photos'

const randomName = () => `${crypto.randomBytes(16).toString('hex')}.webp`

export interface DecodedImage {
  full: Buffer
  thumb: Buffer
  blurred: Buffer
  width: number
  height: number
}

/** The names of an image's three files. */
export interface ImageFiles {
  filename: string
  thumbFilename: string
  blurredFilename: string
  width: number
  height: number
}

/**
 * Decodes by content (never by name or type) and re-encodes the image, its thumbnail and blurred copy in memory;
 * throws 'not_an_image'. Nothing is written: callers check every rule first and write only what they store.
 */
export async function decodeImage(input: Buffer): Promise<DecodedImage> {
  let meta: Metadata
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  } catch {
    throw new Error('not_an_image')
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('not_an_image')
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate()
  try {
    // sharp writes no metadata unless asked (keepMetadata/withMetadata are never called): EXIF and GPS are gone.
    const full = await base.clone().resize(1600, 1600, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true })
    const thumb = await base.clone().resize(320, 320, { fit: 'cover', position: 'attention' }).webp({ quality: 78 }).toBuffer()
    const blurred = await base.clone().resize(400, 400, { fit: 'cover', position: 'attention' }).blur(30).webp({ quality: 60 }).toBuffer()
    return { full: full.data, thumb, blurred, width: full.info.width, height: full.info.height }
  } catch {
    throw new Error('not_an_image')
  }
}

/** Writes a decoded image's three files under new random names; on a failed write none is left behind. */
export async function writeImageFiles(image: DecodedImage, media: MediaStorage): Promise<ImageFiles> {
  const files = { filename: randomName(), thumbFilename: randomName(), blurredFilename: randomName(), width: image.width, height: image.height }
  try {
    await Promise.all([media.put(files.filename, image.full), media.put(files.thumbFilename, image.thumb), media.put(files.blurredFilename, image.blurred)])
  } catch (err) {
    // What was written is removed now if the store answers, else by the hourly orphans job.
    await removeImageFiles(files, media).catch(() => undefined)
    throw err
  }
  return files
}

/** Removes an image's files (those that exist). */
export async function removeImageFiles(files: Pick<ImageFiles, 'filename' | 'thumbFilename' | 'blurredFilename'>, media: MediaStorage) {
  await media.remove([files.filename, files.thumbFilename, files.blurredFilename])
}

/** The durable job that removes media files whose rows are gone, retried until the store answers. */
export const MEDIA_DELETE_JOB = 'media.delete'

export const mediaDeleteJobHandler = (media: MediaStorage): JobHandler => async (payload) => {
  const names = Array.isArray(payload.names) ? payload.names.filter((n): n is string => typeof n === 'string' && MEDIA_NAME.test(n)) : []
  await media.remove(names)
}

/**
 * Removes media files whose rows are gone: at once, and when the store does not answer, through the
 * media.delete job, which retries (5 s, 20 s, 45 s ... up to 10 attempts).
 */
export async function removeMediaOrQueue(db: Db, media: MediaStorage, names: string[]) {
  if (names.length === 0) return
  try {
    await media.remove(names)
  } catch {
    await enqueueJob(db, MEDIA_DELETE_JOB, { names }, { maxAttempts: 10 })
  }
}

export async function countPhotos(db: Db, accountId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(photos).where(and(eq(photos.accountId, accountId), ne(photos.status, 'rejected')))
  return Number(row.n)
}

/** Whether the member may add another photo (asked before an upload is read or decoded). */
export async function mayAddPhoto(db: Db, account: { id: number; paidUser: boolean }) {
  return (await countPhotos(db, account.id)) < (account.paidUser ? PHOTO_LIMIT.premium : PHOTO_LIMIT.free)
}

/**
 * Adds an uploaded photo for review; the first one becomes the main image. The limit is checked before the
 * image is decoded; the files are written only when the row is stored, and removed again on any failure.
 */
export async function addPhoto(db: Db, opts: { account: { id: number; pool: string; paidUser: boolean }; input: Buffer; visibility: 'public' | 'private'; media: MediaStorage }) {
  const limit = opts.account.paidUser ? PHOTO_LIMIT.premium : PHOTO_LIMIT.free
  if (!(await mayAddPhoto(db, opts.account))) throw new Error('too_many_photos')
  const image = await decodeImage(opts.input)
  let files: ImageFiles | undefined
  try {
    return await db.transaction(async (tx) => {
      // Counted again inside the transaction, with the account row locked: parallel uploads cannot pass the limit.
      await tx.execute(sql`select id from accounts where id = ${opts.account.id} for update`)
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(photos).where(and(eq(photos.accountId, opts.account.id), ne(photos.status, 'rejected')))
      if (Number(row.n) >= limit) throw new Error('too_many_photos')
      // Written inside the transaction: a refused or failed insert leaves no file (see the catch below).
      files = await writeImageFiles(image, opts.media)
      const [photo] = await tx
        .insert(photos)
        .values({ pool: opts.account.pool, accountId: opts.account.id, ...files, visibility: opts.visibility, status: 'pending' })
        .returning()
      await tx
        .update(profiles)
        .set({ mainPhotoId: sql`coalesce(${profiles.mainPhotoId}, ${photo.id})` })
        .where(eq(profiles.accountId, opts.account.id))
      return photo
    })
  } catch (err) {
    if (files) await removeMediaOrQueue(db, opts.media, [files.filename, files.thumbFilename, files.blurredFilename])
    throw err
  }
}

export async function listOwnPhotos(db: Db, accountId: number) {
  return db.select().from(photos).where(and(eq(photos.accountId, accountId), ne(photos.status, 'rejected'))).orderBy(desc(photos.id))
}

export async function setMainPhoto(db: Db, accountId: number, photoId: number): Promise<boolean> {
  const [photo] = await db.select().from(photos).where(and(eq(photos.id, photoId), eq(photos.accountId, accountId), ne(photos.status, 'rejected')))
  if (!photo) return false
  await db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.accountId, accountId))
  return true
}

export async function deletePhoto(db: Db, accountId: number, photoId: number, media: MediaStorage): Promise<boolean> {
  const [photo] = await db.delete(photos).where(and(eq(photos.id, photoId), eq(photos.accountId, accountId))).returning()
  if (!photo) return false
  await db.update(profiles).set({ mainPhotoId: null }).where(and(eq(profiles.accountId, accountId), eq(profiles.mainPhotoId, photoId)))
  await removeMediaOrQueue(db, media, [photo.filename, photo.thumbFilename, photo.blurredFilename])
  return true
}

/** Staff review: approve makes the photo visible to others; reject hides it for good. */
export async function reviewPhoto(db: Db, pool: string, photoId: number, action: 'approve' | 'reject') {
  const [photo] = await db
    .update(photos)
    .set({ status: action === 'approve' ? 'active' : 'rejected', reviewedAt: sql`now()` })
    .where(and(eq(photos.id, photoId), eq(photos.pool, pool)))
    .returning()
  if (photo && action === 'reject') {
    await db.update(profiles).set({ mainPhotoId: null }).where(and(eq(profiles.accountId, photo.accountId), eq(profiles.mainPhotoId, photo.id)))
  }
  return photo
}

export async function pendingPhotos(db: Db, pool: string) {
  return db
    .select({ photo: photos, name: profiles.name, email: accounts.email })
    .from(photos)
    .innerJoin(accounts, eq(accounts.id, photos.accountId))
    .leftJoin(profiles, eq(profiles.accountId, photos.accountId))
    .where(and(eq(photos.pool, pool), eq(photos.status, 'pending')))
    .orderBy(photos.id)
    .limit(100)
}

/** What the owner sees of their own photo. */
export function presentOwnPhoto(p: typeof photos.$inferSelect, mediaBase: string, mainPhotoId: number | null) {
  return {
    id: p.id,
    filename: `${mediaBase}/media/${p.filename}`,
    thumb_filename: `${mediaBase}/media/${p.thumbFilename}`,
    visibility: p.visibility as 'public' | 'private',
    status: p.status as 'pending' | 'active',
    main: p.id === mainPhotoId,
  }
}

/** The durable job that removes media files no photo or chat message names (refused or interrupted uploads). */
export const MEDIA_ORPHANS_JOB = 'media.orphans'
/** Files younger than this are left alone: their upload may still be on its way into the database. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000

/** Removes media files older than minAgeMs that no photo row and no image message names; returns how many. */
export async function removeOrphanMedia(db: Db, media: MediaStorage, opts: { minAgeMs?: number; now?: number } = {}): Promise<number> {
  const cutoff = (opts.now ?? Date.now()) - (opts.minAgeMs ?? ORPHAN_MIN_AGE_MS)
  const old = await media.listOlderThan(cutoff)
  let removed = 0
  for (let i = 0; i < old.length; i += 500) {
    const batch = old.slice(i, i + 500)
    const res = (await db.execute(sql`
      select n from (values ${sql.join(batch.map((n) => sql`(${n}::text)`), sql`, `)}) as f(n)
      where exists (select 1 from photos p where p.filename = f.n or p.thumb_filename = f.n or p.blurred_filename = f.n)
         or exists (select 1 from messages m where m.kind = 'image' and strpos(m.body, f.n) > 0)`)) as unknown as { rows: { n: string }[] }
    const used = new Set(res.rows.map((r) => r.n))
    const unused = batch.filter((name) => !used.has(name))
    await media.remove(unused)
    removed += unused.length
  }
  return removed
}
