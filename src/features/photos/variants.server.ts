// Responsive AVIF and WebP copies of stored photo files (issue 15; names in src/shared/media-variants.ts). A variant
// is made from the stored file of the same random name (read through the media storage: local disk or S3, decision
// 035) the first time an instance is asked for it, then kept in that instance's local cache folder: a cache any
// instance can remake, so instances stay stateless. Existing and seeded photos get them too; the upload path is
// unchanged. No new access rule: a variant's
// name is its file's name plus a width, so it reveals and serves nothing its file does not (a blurred copy's
// variants are blurred). A variant whose file is gone (photo deleted) is gone with it.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import type { MediaStorage } from '../../server/media-storage.server'
import { VARIANT_FORMATS, VARIANT_NAME, VARIANT_WIDTHS, type VariantFormat, type VariantWidth } from '../../shared/media-variants'

/**
 * Where variants are kept: a folder beside the media directory (`<media>-variants`), which no static plugin serves:
 * a variant is only ever sent by the route below, after the stored file was found.
 */
export const variantsDir = (mediaDir: string) => `${path.resolve(mediaDir)}-variants`

const CONTENT_TYPE: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp' }

/** Encodes one variant of a stored file: never wider than the file, no metadata (sharp writes none unless asked). */
export async function makeVariant(input: Buffer, width: VariantWidth, format: VariantFormat): Promise<Buffer> {
  const img = sharp(input).resize({ width, withoutEnlargement: true })
  // AVIF effort 2: ~50 ms for a card's 320 px, ~200 ms for 800 px, once per variant; about 30% smaller than WebP.
  return format === 'avif' ? img.avif({ quality: 55, effort: 2 }).toBuffer() : img.webp({ quality: 80 }).toBuffer()
}

/** The path of a variant's file, made now if missing; undefined when the stored file does not exist. */
export async function variantFile(media: MediaStorage, mediaDir: string, base: string, width: VariantWidth, format: VariantFormat, inflight = new Map<string, Promise<string | undefined>>()): Promise<string | undefined> {
  const name = `${base}-${width}.${format}`
  const target = path.join(variantsDir(mediaDir), name)
  // The stored file decides, every time: a deleted photo's variants are not served, and are removed.
  const input = await media.read(`${base}.webp`)
  if (!input) {
    await fs.rm(target, { force: true })
    return undefined
  }
  if (await fs.stat(target).then(() => true, () => false)) return target
  const pending = inflight.get(name)
  if (pending) return pending
  const made = (async () => {
    await fs.mkdir(path.dirname(target), { recursive: true })
    // Written under a temporary name and renamed: a concurrent reader never sees half a file.
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`
    await fs.writeFile(tmp, await makeVariant(input, width, format))
    await fs.rename(tmp, target)
    return target
  })().finally(() => inflight.delete(name))
  inflight.set(name, made)
  return made
}

/**
 * GET /media/<32 hex>-<width>.<avif|webp>: the variant, made on first request, cached as long as the stored files
 * (immutable: the name never names other content). Other /media/ addresses stay with the static files plugin.
 */
export function mediaVariantRoutes(media: MediaStorage, mediaDir: string) {
  return async (app: FastifyInstance) => {
    const inflight = new Map<string, Promise<string | undefined>>()
    app.get<{ Params: { name: string } }>('/media/:name(^[0-9a-f]{32}-\\d{2,4}\\.(?:avif|webp)$)', async (req, reply) => {
      const m = VARIANT_NAME.exec(req.params.name)
      const width = Number(m?.[2]) as VariantWidth
      const format = m?.[3] as VariantFormat
      if (!m || !VARIANT_WIDTHS.includes(width) || !VARIANT_FORMATS.includes(format)) return reply.callNotFound()
      const file = await variantFile(media, mediaDir, m[1], width, format, inflight).catch((err: unknown) => {
        req.log.warn({ err }, 'media variant failed')
        return undefined
      })
      if (!file) return reply.callNotFound()
      return reply
        .header('Cache-Control', 'public, max-age=604800, immutable')
        .type(CONTENT_TYPE[format])
        .send(await fs.readFile(file))
    })
  }
}
