// Media storage (decision 035): the same tests for the local disk and for S3-compatible storage (s3rver, started
// here). The storage's own contract, then the product through the API: upload, serving through GET /media/<name>
// only, the export, deleting a photo, purging an account, the orphans job; and for S3 the retrying delete job.
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { eq, sql } from 'drizzle-orm'
import { openTestDatabase } from '../support/db'
import { createMember, makeTestApp, sessionCookie } from '../support/app'
import { startLocalS3, type LocalS3 } from '../support/s3'
import type { Database } from '../../src/db/client.server'
import { accounts, jobs, photos } from '../../src/db/schema'
import { createMediaStorage, parseS3Url, type MediaStorage } from '../../src/server/media-storage.server'
import { MEDIA_DELETE_JOB, mediaDeleteJobHandler, removeOrphanMedia } from '../../src/features/photos/photos.server'

jest.setTimeout(60_000)

const HOST = 'datingstad.nl'
const name = (c: string) => `${c.repeat(32)}.webp`

let s3: LocalS3
beforeAll(async () => {
  s3 = await startLocalS3()
})
afterAll(async () => {
  await s3?.close()
})

describe('MEDIA_S3_URL', () => {
  it('reads endpoint, bucket, prefix, credentials, region and path style', () => {
    expect(parseS3Url('s3://AK%2B1:se%2Fcret@minio.internal:9000/photos/site-a?region=eu-west-1&forcePathStyle=true&tls=false')).toEqual({
      endpoint: 'http://minio.internal:9000',
      bucket: 'photos',
      prefix: 'site-a/',
      region: 'eu-west-1',
      forcePathStyle: true,
      accessKeyId: 'AK+1',
      secretAccessKey: 'se/cret',
    })
    expect(parseS3Url('s3://s3.amazonaws.com/media?region=eu-central-1')).toMatchObject({ endpoint: undefined, bucket: 'media', prefix: '', forcePathStyle: false, accessKeyId: undefined })
    expect(parseS3Url('s3://k:s@r2.example.com/m')).toMatchObject({ endpoint: 'https://r2.example.com', region: 'us-east-1' })
    expect(() => parseS3Url('http://x/y')).toThrow(/s3:\/\//)
    expect(() => parseS3Url('s3://k:s@host/')).toThrow(/bucket/)
  })
})

describe.each(['local', 's3'] as const)('media storage: %s', (kind) => {
  let database: Database
  let app: FastifyInstance
  let media: MediaStorage
  const env = (): Record<string, string> => (kind === 's3' ? { MEDIA_S3_URL: s3.url } : {})

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    app = await makeTestApp(database, env())
    media = app.services.media
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('is the storage the configuration names', () => {
    expect(media.kind).toBe(kind)
  })

  it('stays ready with several files stored (the readiness check of every instance, decision 043)', async () => {
    await media.put(name('c'), Buffer.from('one'))
    await media.put(name('d'), Buffer.from('two'))
    await media.check()
    await media.remove([name('c'), name('d')])
  })

  it('stores, reads, streams, lists by age and removes files; refuses names that are not media names', async () => {
    await media.check()
    await media.put(name('a'), Buffer.from('first'))
    expect((await media.read(name('a')))?.toString()).toBe('first')
    const opened = await media.open(name('a'))
    const chunks: Buffer[] = []
    for await (const c of opened!.body) chunks.push(Buffer.from(c as Uint8Array))
    expect(Buffer.concat(chunks).toString()).toBe('first')
    expect(await media.listOlderThan(Date.now() + 60_000)).toContain(name('a'))
    expect(await media.listOlderThan(Date.now() - 3_600_000)).not.toContain(name('a'))
    await media.remove([name('a'), name('b')])
    expect(await media.read(name('a'))).toBeUndefined()
    expect(await media.open(name('a'))).toBeUndefined()
    await expect(media.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow(/not a media name/)
    expect(await media.read('../secrets.json')).toBeUndefined()
  })

  const png = () => sharp({ create: { width: 50, height: 40, channels: 3, background: '#a3c' } }).png().toBuffer()
  const login = async (email: string) => {
    const { account, password } = await createMember(database.db, { email })
    const res = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: HOST }, payload: { email, password } })
    return { account, password, cookie: sessionCookie(res.headers['set-cookie']) }
  }
  const upload = async (cookie: string, visibility = 'public') => {
    const boundary = '----media' + Math.random().toString(16).slice(2)
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="visibility"\r\n\r\n${visibility}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`
    const payload = Buffer.concat([Buffer.from(head), await png(), Buffer.from(`\r\n--${boundary}--\r\n`)])
    const res = await app.inject({ method: 'POST', url: '/api/photos.php', headers: { host: HOST, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload })
    expect(res.statusCode).toBe(201)
    return res.json().photos[0] as { id: number; filename: string }
  }
  const filesOf = async (photoId: number) => {
    const [row] = await database.db.select().from(photos).where(eq(photos.id, photoId))
    return [row.filename, row.thumbFilename, row.blurredFilename]
  }

  it('an upload lands in the storage and is served through GET /media/<name> only; deleting the photo deletes its files', async () => {
    const { cookie } = await login(`media-${kind}@example.nl`)
    const photo = await upload(cookie, 'private')
    const files = await filesOf(photo.id)
    for (const f of files) expect(await media.read(f)).toBeInstanceOf(Buffer)
    const served = await app.inject({ url: `/media/${files[0]}`, headers: { host: HOST } })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toContain('image/webp')
    expect(served.headers['cache-control']).toContain('immutable')
    expect(served.rawPayload.equals((await media.read(files[0]))!)).toBe(true)
    expect((await app.inject({ url: `/media/${name('c')}`, headers: { host: HOST } })).statusCode).toBe(404)
    expect((await app.inject({ url: '/media/..%2F..%2Fpackage.json', headers: { host: HOST } })).statusCode).toBe(404)

    // The export embeds the stored original.
    const exported = await app.inject({ url: '/api/export.php', headers: { host: HOST, cookie } })
    expect(exported.statusCode).toBe(200)
    const doc = JSON.parse(exported.body) as { photos: { file: { base64: string } }[] }
    expect(Buffer.from(doc.photos[0].file.base64, 'base64').equals((await media.read(files[0]))!)).toBe(true)

    const del = await app.inject({ method: 'DELETE', url: `/api/photos.php?id=${photo.id}`, headers: { host: HOST, cookie } })
    expect(del.statusCode).toBeLessThan(300)
    for (const f of files) expect(await media.read(f)).toBeUndefined()
    expect((await app.inject({ url: `/media/${files[0]}`, headers: { host: HOST } })).statusCode).toBe(404)
  })

  it('purging an account deletes its files', async () => {
    const member = await login(`purge-${kind}@example.nl`)
    const files = await filesOf((await upload(member.cookie)).id)
    const del = await app.inject({ method: 'POST', url: '/api/delete-account.php', headers: { host: HOST, cookie: member.cookie }, payload: { password: member.password, reason: 'other' } })
    expect(del.statusCode).toBe(200)
    for (const f of files) expect(await media.read(f)).toBeInstanceOf(Buffer)
    await database.db.update(accounts).set({ deletedAt: new Date(Date.now() - 15 * 86400_000) }).where(eq(accounts.id, member.account.id))
    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(sql`done_at is null`)
    await app.services.jobs.runDue()
    expect(await database.db.select().from(accounts).where(eq(accounts.id, member.account.id))).toEqual([])
    for (const f of files) expect(await media.read(f)).toBeUndefined()
  })

  it('the orphans job removes old files no row names and keeps the rest', async () => {
    const { cookie } = await login(`orphans-${kind}@example.nl`)
    const files = await filesOf((await upload(cookie)).id)
    await media.put(name('d'), Buffer.from('orphan'))
    // Seen from two hours on, every file is "old": only the one no row names goes.
    expect(await removeOrphanMedia(database.db, media, { now: Date.now() + 2 * 3600_000 })).toBe(1)
    expect(await media.read(name('d'))).toBeUndefined()
    for (const f of files) expect(await media.read(f)).toBeInstanceOf(Buffer)
  })

  if (kind === 's3') {
    it('a delete the store refuses is queued as a job that retries until it succeeds', async () => {
      const broken = await makeTestApp(database, { MEDIA_S3_URL: s3.brokenUrl })
      try {
        const { cookie } = await login('retry-s3@example.nl')
        const photo = await upload(cookie)
        const files = await filesOf(photo.id)
        // The upload went to the working store; this instance cannot delete there.
        const del = await broken.inject({ method: 'DELETE', url: `/api/photos.php?id=${photo.id}`, headers: { host: HOST, cookie } })
        expect(del.statusCode).toBeLessThan(300)
        for (const f of files) expect(await media.read(f)).toBeInstanceOf(Buffer)
        const queued = await database.db.select().from(jobs).where(sql`kind = ${MEDIA_DELETE_JOB} and done_at is null`)
        expect(queued).toHaveLength(1)
        expect(queued[0].payload).toEqual({ names: files })
        // The broken instance's worker fails and leaves it queued; the next attempt, on a store that answers, removes them.
        await expect(mediaDeleteJobHandler(createMediaStorage({ mediaDir: '', mediaS3Url: s3.brokenUrl }))({ names: files }, { attempt: 1, maxAttempts: 8 })).rejects.toThrow()
        await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(sql`kind = ${MEDIA_DELETE_JOB}`)
        await app.services.jobs.runDue()
        for (const f of files) expect(await media.read(f)).toBeUndefined()
        expect(await database.db.select().from(jobs).where(sql`kind = ${MEDIA_DELETE_JOB} and done_at is null`)).toEqual([])
      } finally {
        await broken.close()
      }
    })
  }
})
