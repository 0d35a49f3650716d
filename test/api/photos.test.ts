import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { describeEachDb, openTestDatabase } from '../support/db'
import { createMember, makeTestApp, sessionCookie } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { accounts } from '../../src/db/schema'

jest.setTimeout(60_000)

/** A JPEG with EXIF orientation 6 (rotate 90°) and a GPS position. */
async function jpegWithGps(width = 60, height = 40) {
  return sharp({ create: { width, height, channels: 3, background: '#d04070' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 54/1 0/1' } } })
    .toBuffer()
}

function multipart(file: Buffer, filename: string, type: string, visibility = 'public') {
  const boundary = '----test' + Math.random().toString(16).slice(2)
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="visibility"\r\n\r\n${visibility}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

describeEachDb('photos API', (kind) => {
  let database: Database
  let app: FastifyInstance

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    app = await makeTestApp(database)
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const login = async (email: string) => {
    const { account, password } = await createMember(database.db, { email })
    const res = await app.inject({ method: 'POST', url: '/api/user.php', headers: { host: 'datingstad.nl' }, payload: { email, password } })
    return { account, cookie: sessionCookie(res.headers['set-cookie']) }
  }
  const upload = (cookie: string, file: Buffer, filename = 'foto.jpg', type = 'image/jpeg', visibility = 'public') => {
    const m = multipart(file, filename, type, visibility)
    return app.inject({ method: 'POST', url: '/api/photos.php', headers: { host: 'datingstad.nl', cookie, ...m.headers }, payload: m.payload })
  }
  const mediaFile = (url: string) => path.join(app.services.config.mediaDir, path.basename(url))

  it('re-encodes an upload: orientation applied, EXIF and GPS removed, random names, under review', async () => {
    const { cookie } = await login('foto@example.nl')
    const res = await upload(cookie, await jpegWithGps(), '../../etc/passwd.jpg')
    expect(res.statusCode).toBe(201)
    const [photo] = res.json().photos
    expect(photo).toMatchObject({ status: 'pending', visibility: 'public', main: true })
    expect(path.basename(photo.filename)).toMatch(/^[0-9a-f]{32}\.webp$/)
    const meta = await sharp(fs.readFileSync(mediaFile(photo.filename))).metadata()
    expect(meta.format).toBe('webp')
    expect([meta.width, meta.height]).toEqual([40, 60])
    expect(meta.exif).toBeUndefined()
    expect(fs.readFileSync(mediaFile(photo.filename)).includes(Buffer.from('TestCam'))).toBe(false)
    // The owner sees it as under review, also as the main image of the user.
    const me = (await app.inject({ url: '/api/user.php', headers: { host: 'datingstad.nl', cookie } })).json().user
    expect(me.profile.main_image).toMatchObject({ status: 'pending', filename: photo.filename })
  })

  it('checks the content, not the name or type', async () => {
    const { cookie } = await login('nepfoto@example.nl')
    const fake = await upload(cookie, Buffer.from('<?php echo 1; ?>'), 'foto.jpg', 'image/jpeg')
    expect(fake.statusCode).toBe(400)
    expect(fake.json().message).toBe('Dit bestand is geen foto die we kunnen gebruiken.')
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#00f' } }).png().toBuffer()
    const renamed = await upload(cookie, png, 'document.txt', 'text/plain')
    expect(renamed.statusCode).toBe(201)
  })

  it('refuses decompression bombs quickly', async () => {
    const { cookie } = await login('bom@example.nl')
    const big = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer()
    expect(big.length).toBeLessThan(10 * 1024 * 1024)
    const res = await upload(cookie, big, 'bom.png', 'image/png')
    expect(res.statusCode).toBe(400)
  })

  it('enforces 3 photos for free members and 25 for premium, on the server', async () => {
    const { account, cookie } = await login('vol@example.nl')
    const img = await jpegWithGps(20, 20)
    for (let i = 0; i < 3; i++) expect((await upload(cookie, img)).statusCode).toBe(201)
    const fourth = await upload(cookie, img)
    expect(fourth.statusCode).toBe(400)
    expect(fourth.json().message).toBe("Je kunt maximaal 3 foto's hebben.")
    await database.db.update(accounts).set({ paidUser: true }).where(eq(accounts.id, account.id))
    expect((await upload(cookie, img)).statusCode).toBe(201)
    expect((await app.inject({ url: '/api/photos.php', headers: { host: 'datingstad.nl', cookie } })).json().limit).toBe(25)
  })

  it('lets the owner choose the main image and delete photos; others cannot touch them', async () => {
    const { cookie } = await login('eigen@example.nl')
    const other = await login('ander@example.nl')
    const img = await jpegWithGps(20, 20)
    await upload(cookie, img)
    const second = (await upload(cookie, img, 'b.jpg', 'image/jpeg', 'private')).json().photos[0]
    expect(second.visibility).toBe('private')
    const notMine = await app.inject({ method: 'POST', url: '/api/photos-main.php', headers: { host: 'datingstad.nl', cookie: other.cookie }, payload: { id: second.id } })
    expect(notMine.statusCode).toBe(404)
    const main = await app.inject({ method: 'POST', url: '/api/photos-main.php', headers: { host: 'datingstad.nl', cookie }, payload: { id: second.id } })
    expect(main.json().photos.find((p: { id: number }) => p.id === second.id).main).toBe(true)
    const del = await app.inject({ method: 'DELETE', url: `/api/photos.php?id=${second.id}`, headers: { host: 'datingstad.nl', cookie } })
    expect(del.json().photos.map((p: { id: number }) => p.id)).not.toContain(second.id)
    expect(fs.existsSync(mediaFile(second.filename))).toBe(false)
  })

  it('lets moderators and admins of the pool, in their console session, approve and reject', async () => {
    const member = await login('keur@example.nl')
    const photo = (await upload(member.cookie, await jpegWithGps(20, 20))).json().photos[0]
    // A member session, even of an account that becomes staff, never opens the console's endpoints.
    const staff = await login('staf@example.nl')
    expect((await app.inject({ url: '/api/admin/photos.php', headers: { host: 'datingstad.nl', cookie: staff.cookie } })).statusCode).toBe(403)
    await database.db.update(accounts).set({ role: 'moderator' }).where(eq(accounts.id, staff.account.id))
    expect((await app.inject({ url: '/api/admin/photos.php', headers: { host: 'datingstad.nl', cookie: staff.cookie } })).statusCode).toBe(403)
    const console = await app.inject({ method: 'POST', url: '/api/admin/login.php', headers: { host: 'datingstad.nl' }, payload: { email: 'staf@example.nl', password: 'correct horse battery' } })
    expect(console.statusCode).toBe(200)
    const cookie = String(console.headers['set-cookie']).split(';')[0]
    // The console session belongs to the brand it was made on: not valid on mannenmatch (another pool too).
    expect((await app.inject({ url: '/api/admin/photos.php', headers: { host: 'mannenmatch.nl', cookie } })).statusCode).toBe(403)
    const list = (await app.inject({ url: '/api/admin/photos.php', headers: { host: 'datingstad.nl', cookie } })).json().photos
    expect(list.map((p: { id: number }) => p.id)).toContain(photo.id)
    const ok = await app.inject({ method: 'POST', url: '/api/admin/photos.php', headers: { host: 'datingstad.nl', cookie }, payload: { id: photo.id, action: 'approve' } })
    expect(ok.statusCode).toBe(200)
    const mine = (await app.inject({ url: '/api/photos.php', headers: { host: 'datingstad.nl', cookie: member.cookie } })).json().photos
    expect(mine.find((p: { id: number }) => p.id === photo.id).status).toBe('active')
  })
})
