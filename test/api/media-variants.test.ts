// Responsive AVIF and WebP variants of member photos (issue 15): /media/<file>-<width>.<avif|webp> is made from the
// stored file of that name alone, so a blurred copy's variants are blurred and a deleted photo's are gone.
import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { decodeImage, writeImageFiles, type ImageFiles } from '../../src/features/photos/photos.server'
import { makeVariant } from '../../src/features/photos/variants.server'
import { responsiveSources } from '../../src/shared/media-variants'
import type { Database } from '../../src/db/client.server'
import { openTestDatabase } from '../support/db'
import { makeTestApp } from '../support/app'

jest.setTimeout(60_000)

let database: Database
let app: FastifyInstance
let files: ImageFiles
let mediaDir: string

beforeAll(async () => {
  database = await openTestDatabase('pglite')
  app = await makeTestApp(database)
  mediaDir = app.services.config.mediaDir
  // A photo with detail (a gradient and stripes), so the blurred copy differs from the thumbnail.
  const stripes = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="800"><defs><linearGradient id="g"><stop offset="0" stop-color="#c36"/><stop offset="1" stop-color="#36c"/></linearGradient></defs><rect width="1000" height="800" fill="url(#g)"/>${Array.from({ length: 40 }, (_, i) => `<rect x="${i * 25}" width="8" height="800" fill="#fff"/>`).join('')}</svg>`)
  files = await writeImageFiles(await decodeImage(await sharp(stripes).jpeg().toBuffer()), app.services.media)
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'datingstad.nl' } })
const base = (name: string) => name.replace(/\.webp$/, '')

describe('photo variants', () => {
  it('serves AVIF and WebP copies at the offered widths, made from the file of that name', async () => {
    const avif = await get(`/media/${base(files.thumbFilename)}-160.avif`)
    expect(avif.statusCode).toBe(200)
    expect(avif.headers['content-type']).toBe('image/avif')
    expect(avif.headers['cache-control']).toContain('immutable')
    const meta = await sharp(avif.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'heif', width: 160 })
    // Smaller than the stored WebP thumbnail it was made from.
    expect(avif.rawPayload.length).toBeLessThan((await fs.readFile(path.join(mediaDir, files.thumbFilename))).length)
    // Made once: the second answer is the file kept on disk.
    expect((await get(`/media/${base(files.thumbFilename)}-160.avif`)).rawPayload.equals(avif.rawPayload)).toBe(true)
    const webp = await get(`/media/${base(files.filename)}-800.webp`)
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 })
    // The stored files are still the static plugin's.
    expect((await get(`/media/${files.filename}`)).statusCode).toBe(200)
  })

  it("gives a blurred copy's variants from the blurred file only (what a free member or visitor may see)", async () => {
    const blurred = await get(`/media/${base(files.blurredFilename)}-320.webp`)
    expect(blurred.statusCode).toBe(200)
    const fromBlurred = await makeVariant(await fs.readFile(path.join(mediaDir, files.blurredFilename)), 320, 'webp')
    const fromOriginal = await makeVariant(await fs.readFile(path.join(mediaDir, files.filename)), 320, 'webp')
    expect(blurred.rawPayload.equals(fromBlurred)).toBe(true)
    expect(blurred.rawPayload.equals(fromOriginal)).toBe(false)
    // Its pixels are the blurred copy's: compared at a small size, far from the original's stripes.
    const pixels = async (buf: Buffer) => sharp(buf).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer()
    const [a, b, o] = await Promise.all([pixels(blurred.rawPayload), pixels(await fs.readFile(path.join(mediaDir, files.blurredFilename))), pixels(await fs.readFile(path.join(mediaDir, files.filename)))])
    const diff = (x: Buffer, y: Buffer) => x.reduce((sum, v, i) => sum + Math.abs(v - y[i]), 0) / x.length
    expect(diff(a, b)).toBeLessThan(diff(a, o))
  })

  it('refuses other widths, other names and variants of a deleted photo', async () => {
    expect((await get(`/media/${base(files.thumbFilename)}-999.webp`)).statusCode).toBe(404)
    expect((await get(`/media/${'0'.repeat(32)}-320.avif`)).statusCode).toBe(404)
    expect((await get(`/media/${base(files.thumbFilename)}-320.jpeg`)).statusCode).toBe(404)
    expect((await get(`/media/..%2F${base(files.thumbFilename)}-320.avif`)).statusCode).toBe(404)
    const gone = await writeImageFiles(await decodeImage(await sharp({ create: { width: 500, height: 500, channels: 3, background: '#abc' } }).png().toBuffer()), app.services.media)
    expect((await get(`/media/${base(gone.thumbFilename)}-160.webp`)).statusCode).toBe(200)
    // The variants' folder is no address of its own: only the route above, which asks the stored file first.
    expect((await get(`/media/.variants/${base(gone.thumbFilename)}-160.webp`)).statusCode).toBe(404)
    await fs.rm(path.join(mediaDir, gone.thumbFilename))
    expect((await get(`/media/${base(gone.thumbFilename)}-160.webp`)).statusCode).toBe(404)
  })

  it('names the variants of our photo addresses in srcsets, and nothing for other addresses', () => {
    const url = `https://cdn.example/media/${files.thumbFilename}`
    const sources = responsiveSources(url, 'thumb', false)!
    expect(sources.avif).toBe(`https://cdn.example/media/${base(files.thumbFilename)}-160.avif 160w, https://cdn.example/media/${base(files.thumbFilename)}-320.avif 320w`)
    expect(sources.webp).toBe(`https://cdn.example/media/${base(files.thumbFilename)}-160.webp 160w, ${url} 320w`)
    expect(responsiveSources('/static/avatar.svg', 'thumb', false)).toBeUndefined()
  })
})
