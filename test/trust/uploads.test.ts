// Finding 4 of issue 17: an upload is checked first (photo limit, rate limit, conversation rules, balance) and
// decoded after; files are written only for a stored photo or message, removed on every failure path, and a
// durable job removes orphans. Files are counted on disk.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { describeEachDb } from '../support/db'
import { createMember, suiteApp } from '../support/app'
import { accounts, blocks, photos } from '../../src/db/schema'
import { createSession } from '../../src/features/accounts/sessions.server'
import { enqueueJob } from '../../src/server/jobs.server'
import { MEDIA_ORPHANS_JOB, removeOrphanMedia } from '../../src/features/photos/photos.server'

jest.setTimeout(120_000)

const HOST = 'datingstad.nl'
let seq = 0

function multipart(file: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----trust${Date.now()}${++seq}`
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
  const payload = Buffer.concat([Buffer.from(`${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describeEachDb('uploads: checks first, files only for what is stored', (kind) => {
  const suite = suiteApp(kind)
  let png: Buffer
  beforeAll(async () => {
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } }).png().toBuffer()
  })
  const mediaFiles = () => (fs.existsSync(suite.app.services.config.mediaDir) ? fs.readdirSync(suite.app.services.config.mediaDir).filter((n) => n.endsWith('.webp')) : [])
  const member = async (opts: { credits?: number; premium?: boolean } = {}) => {
    const m = await createMember(suite.database.db)
    await suite.database.db.update(accounts).set({ credits: opts.credits ?? 100, paidUser: opts.premium ?? false }).where(eq(accounts.id, m.account.id))
    return { id: m.account.id, cookie: `sid=${await createSession(suite.database.db, m.account, 'datingstad')}` }
  }
  const uploadPhoto = (cookie: string, file: Buffer) => {
    const m = multipart(file, { visibility: 'public' })
    return suite.app.inject({ method: 'POST', url: '/api/photos.php', headers: { host: HOST, cookie, ...m.headers }, payload: m.payload })
  }
  const sendImage = (cookie: string, where: string, file: Buffer, clientId = `img-${Date.now()}-${++seq}`) => {
    const m = multipart(file)
    return suite.app.inject({ method: 'POST', url: `/api/message-image.php?${where}&client_id=${clientId}`, headers: { host: HOST, cookie, ...m.headers }, payload: m.payload })
  }

  it('profile photos: refused uploads (limit, parallel, not an image) leave no file', async () => {
    const me = await member()
    for (let i = 0; i < 2; i++) expect((await uploadPhoto(me.cookie, png)).statusCode).toBe(201)
    const before = mediaFiles().length
    // Three at once for the last free place: one is stored, the others are refused and leave nothing.
    const results = await Promise.all([1, 2, 3].map(() => uploadPhoto(me.cookie, png)))
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400])
    expect(mediaFiles().length).toBe(before + 3)
    const full = await uploadPhoto(me.cookie, png)
    expect(full.statusCode).toBe(400)
    expect(full.json().error).toBe('too_many_photos')
    const other = await member()
    expect((await uploadPhoto(other.cookie, Buffer.from('not an image at all'))).json().error).toBe('not_an_image')
    expect(mediaFiles().length).toBe(before + 3)
    const rows = await suite.database.db.select().from(photos).where(eq(photos.accountId, me.id))
    expect(rows.length).toBe(3)
    const named = new Set(rows.flatMap((r) => [r.filename, r.thumbFilename, r.blurredFilename]))
    // Every file on disk belongs to a stored photo.
    expect(mediaFiles().filter((n) => !named.has(n))).toEqual([])
  })

  it('chat photos: refused sends (balance, block, unknown member, rate limit, retry) leave no file', async () => {
    const before = mediaFiles().length
    const poor = await member({ premium: true, credits: 0 })
    const rich = await member({ premium: true, credits: 1000 })
    const other = await member()
    const poorSend = await sendImage(poor.cookie, `member_id=${other.id}`, png)
    expect([poorSend.statusCode, poorSend.json().error]).toEqual([402, 'insufficient_credits'])
    const blocker = await member()
    await suite.database.db.insert(blocks).values({ pool: 'main', blockerId: blocker.id, blockedId: rich.id })
    expect((await sendImage(rich.cookie, `member_id=${blocker.id}`, png)).json().error).toBe('blocked')
    expect((await sendImage(rich.cookie, 'member_id=999999999', png)).statusCode).toBe(404)
    expect((await sendImage(rich.cookie, 'conversation_id=999999999', png)).statusCode).toBe(404)
    expect(mediaFiles().length).toBe(before)
    // One stored message: three files; its retry with the same client id stores nothing more.
    const clientId = `retry-${Date.now()}`
    expect((await sendImage(rich.cookie, `member_id=${other.id}`, png, clientId)).statusCode).toBe(201)
    expect(mediaFiles().length).toBe(before + 3)
    expect((await sendImage(rich.cookie, `member_id=${other.id}`, png, clientId)).statusCode).toBe(201)
    expect(mediaFiles().length).toBe(before + 3)
    // The message rate limit is asked before the upload is decoded.
    for (let i = 0; i < 120; i++) await suite.app.services.limiter.hit(`message:${rich.id}`, 120, 60)
    expect((await sendImage(rich.cookie, `member_id=${other.id}`, png)).statusCode).toBe(429)
    expect(mediaFiles().length).toBe(before + 3)
  })

  it('the orphan job removes old files no photo or message names, and nothing else', async () => {
    const dir = suite.app.services.config.mediaDir
    fs.mkdirSync(dir, { recursive: true })
    const kept = mediaFiles()
    const hourAgo = new Date(Date.now() - 2 * 3600 * 1000)
    for (const name of kept) fs.utimesSync(path.join(dir, name), hourAgo, hourAgo)
    const oldOrphan = `${'a'.repeat(31)}1.webp`
    const youngOrphan = `${'b'.repeat(31)}2.webp`
    fs.writeFileSync(path.join(dir, oldOrphan), 'x')
    fs.utimesSync(path.join(dir, oldOrphan), hourAgo, hourAgo)
    fs.writeFileSync(path.join(dir, youngOrphan), 'x')
    await enqueueJob(suite.database.db, MEDIA_ORPHANS_JOB, {})
    await suite.app.services.jobs.runDue()
    expect(fs.existsSync(path.join(dir, oldOrphan))).toBe(false)
    expect(fs.existsSync(path.join(dir, youngOrphan))).toBe(true)
    // Every photo's and chat message's files are still there.
    for (const name of kept) expect(fs.existsSync(path.join(dir, name))).toBe(true)
    expect(await removeOrphanMedia(suite.database.db, suite.app.services.media)).toBe(0)
  })
})
