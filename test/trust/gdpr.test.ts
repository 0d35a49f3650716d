// GDPR (issue 17): a member downloads all their data as one file from /settings (GET /api/export.php, decision 019),
// with nothing private of other members and no hashes or tokens; after the grace period the purge removes the
// member everywhere: rows in every table and every media file (photo variants and sent chat images) on disk.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { eq, sql } from 'drizzle-orm'
import { describeEachDb } from '../support/db'
import { createMember, sessionCookie, suiteApp } from '../support/app'
import {
  accounts, blocks, complaints, creditLedger, jobs, likes, notificationSettings, orders, payments, pushSubscriptions, sessions,
} from '../../src/db/schema'
import { EXPORT_FORMAT } from '../../src/features/accounts/export.server'

jest.setTimeout(120_000)
const HOST = 'datingstad.nl'

describeEachDb('GDPR: the data export and the purge', (kind) => {
  const suite = suiteApp(kind)
  let seq = 0

  async function member(email: string, name: string, pool = 'main', tenantId = 'datingstad') {
    const { account, password } = await createMember(suite.database.db, { email, name, pool, tenantId })
    const host = tenantId === 'mannenmatch' ? 'mannenmatch.nl' : HOST
    const res = await suite.app.inject({ method: 'POST', url: '/api/user.php', headers: { host }, payload: { email, password } })
    return { account, password, cookie: sessionCookie(res.headers['set-cookie']) }
  }
  const png = (colour: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer()
  function multipart(file: Buffer, fields: Record<string, string> = {}) {
    const boundary = '----gdpr' + Math.random().toString(16).slice(2)
    const head = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('')
    const payload = Buffer.concat([Buffer.from(`${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`)])
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
  }
  const mediaFiles = () => new Set(fs.readdirSync(suite.app.services.config.mediaDir))

  it('exports everything about the member and nothing private of others, then the purge removes it all, files included', async () => {
    const { app, database } = suite
    const { db } = database
    const anna = await member('anna.gdpr@example.nl', 'Anna')
    const bert = await member('bert.gdpr@example.nl', 'Bert')
    const carl = await member('carl.gdpr@example.nl', 'Carl')
    const other = await member('other.pool@example.nl', 'Otto', 'gay', 'mannenmatch')
    await db.update(accounts).set({ credits: 500, paidUser: true, trackingNetwork: 'tradetracker', trackingRef: 'ref-42' }).where(eq(accounts.id, anna.account.id))
    await db.update(accounts).set({ credits: 500 }).where(eq(accounts.id, bert.account.id))

    // A photo of Anna's, one of Bert's (must not be in Anna's export), and a chat photo Anna sends to Bert.
    const before = mediaFiles()
    const annaPhoto = multipart(await png('#c03'), { visibility: 'public' })
    expect((await app.inject({ method: 'POST', url: '/api/photos.php', headers: { host: HOST, cookie: anna.cookie, ...annaPhoto.headers }, payload: annaPhoto.payload })).statusCode).toBe(201)
    const bertPhoto = multipart(await png('#03c'), { visibility: 'public' })
    expect((await app.inject({ method: 'POST', url: '/api/photos.php', headers: { host: HOST, cookie: bert.cookie, ...bertPhoto.headers }, payload: bertPhoto.payload })).statusCode).toBe(201)
    const chatPhoto = multipart(await png('#3c0'))
    const sentImage = await app.inject({ method: 'POST', url: `/api/message-image.php?member_id=${bert.account.id}&client_id=gdpr-client-${++seq}`, headers: { host: HOST, cookie: anna.cookie, ...chatPhoto.headers }, payload: chatPhoto.payload })
    expect(sentImage.statusCode).toBe(201)
    const annaFiles = [...mediaFiles()].filter((f) => !before.has(f))
    // Anna's photo (3 variants), Bert's (3), the chat photo (3).
    expect(annaFiles).toHaveLength(9)

    const send = (from: { cookie: string }, to: number, text: string) =>
      app.inject({ method: 'POST', url: `/api/message.php?member_id=${to}`, headers: { host: HOST, cookie: from.cookie }, payload: { kind: 'text', client_id: `gdpr-client-${++seq}`, text } })
    expect((await send(anna, bert.account.id, 'Hallo Bert')).statusCode).toBe(201)
    expect((await send(bert, anna.account.id, 'Hoi Anna')).statusCode).toBe(201)
    await db.insert(likes).values([
      { pool: 'main', likerId: anna.account.id, likedId: bert.account.id },
      { pool: 'main', likerId: carl.account.id, likedId: anna.account.id },
      { pool: 'main', likerId: carl.account.id, likedId: bert.account.id },
    ])
    await db.insert(blocks).values({ pool: 'main', blockerId: anna.account.id, blockedId: carl.account.id })
    const [order] = await db.insert(orders).values({ pool: 'main', tenantId: 'datingstad', accountId: anna.account.id, bundleId: 'b100', credits: 100, amountCents: 1995, currency: 'EUR', status: 'paid' }).returning()
    await db.insert(payments).values({ pool: 'main', orderId: order.id, provider: 'mollie', providerPaymentId: 'tr_gdpr1', method: 'ideal', status: 'paid', amountCents: 1995, currency: 'EUR' })
    await db.insert(creditLedger).values({ pool: 'main', accountId: anna.account.id, delta: 100, balanceAfter: 600, reason: 'purchase', reference: `order:${order.id}` })
    await db.insert(notificationSettings).values({ accountId: anna.account.id, pool: 'main', emailLikes: false })
    await db.insert(pushSubscriptions).values({ pool: 'main', accountId: anna.account.id, endpoint: 'https://fcm.googleapis.com/fcm/send/secret-endpoint-anna', p256dh: 'p256dh-key-anna', auth: 'auth-secret-anna' })
    expect((await app.inject({ method: 'POST', url: '/api/complaints.php', headers: { host: HOST, cookie: anna.cookie }, payload: { name: 'Anna', email: 'anna.gdpr@example.nl', subject: 'Nep profiel', message: 'Dit profiel klopt niet.' } })).statusCode).toBe(201)

    // A visitor gets no export; the member gets a file.
    const visitor = await app.inject({ url: '/api/export.php', headers: { host: HOST } })
    expect(visitor.statusCode).toBe(403)
    const res = await app.inject({ url: '/api/export.php', headers: { host: HOST, cookie: anna.cookie } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="datingstad-\d+-\d{4}-\d\d-\d\d\.json"$/)
    expect(res.headers['cache-control']).toBe('no-store')
    const text = res.body
    const data = res.json()
    expect(data.format).toBe(EXPORT_FORMAT)
    expect(data.account).toMatchObject({ id: anna.account.id, email: 'anna.gdpr@example.nl', premium: true })
    expect(data.tracking).toMatchObject({ network: 'tradetracker', ref: 'ref-42' })
    expect(data.profile).toMatchObject({ name: 'Anna', city: 'Amsterdam', birth_date: '1990-04-01' })
    // The photo as a file: the bytes of the original on disk.
    expect(data.photos).toHaveLength(1)
    const [photoRow] = ((await db.execute(sql`select filename from photos where account_id = ${anna.account.id}`)) as unknown as { rows: { filename: string }[] }).rows
    expect(Buffer.from(data.photos[0].file.base64, 'base64').equals(fs.readFileSync(path.join(app.services.config.mediaDir, photoRow.filename)))).toBe(true)
    // The conversation with Bert: both messages, Bert as id and name only; Anna's own chat photo as a file.
    expect(data.conversations).toHaveLength(1)
    expect(data.conversations[0].with).toEqual({ id: bert.account.id, name: 'Bert' })
    expect(data.conversations[0].messages.map((m: { from: string; text: string | null }) => [m.from, m.text])).toEqual([['me', null], ['me', 'Hallo Bert'], ['other', 'Hoi Anna']])
    expect(data.conversations[0].messages[0].image.base64.length).toBeGreaterThan(100)
    expect(data.likes_given).toEqual([expect.objectContaining({ member: { id: bert.account.id, name: 'Bert' } })])
    expect(data.likes_received).toEqual([expect.objectContaining({ member: { id: carl.account.id, name: 'Carl' } })])
    expect(data.blocks).toEqual([expect.objectContaining({ member: { id: carl.account.id, name: 'Carl' } })])
    expect(data.orders).toEqual([expect.objectContaining({ id: order.id, amount_cents: 1995, status: 'paid' })])
    expect(data.payments).toEqual([expect.objectContaining({ order_id: order.id, provider_payment_id: 'tr_gdpr1' })])
    expect(data.credit_ledger.map((l: { reason: string }) => l.reason)).toEqual(expect.arrayContaining(['purchase', 'photo', 'message']))
    expect(data.sessions.length).toBeGreaterThanOrEqual(1)
    expect(data.notification_settings).toMatchObject({ email_likes: false, email_messages: true })
    expect(data.push_subscriptions).toEqual([expect.objectContaining({ service: 'fcm.googleapis.com' })])
    expect(data.complaints).toEqual([expect.objectContaining({ subject: 'Nep profiel' })])

    // Nothing of others beyond id and name; no hashes, tokens or push secrets.
    const [bertPhotoRow] = ((await db.execute(sql`select filename, thumb_filename, blurred_filename from photos where account_id = ${bert.account.id}`)) as unknown as { rows: Record<string, string>[] }).rows
    const tokenHashes = ((await db.execute(sql`select token_hash from sessions where account_id = ${anna.account.id}`)) as unknown as { rows: { token_hash: string }[] }).rows
    const forbidden = [
      'bert.gdpr@example.nl', 'carl.gdpr@example.nl', 'other.pool@example.nl', 'Otto', ...Object.values(bertPhotoRow),
      '$argon2', 'password_hash', 'passwordHash', 'token_hash', anna.cookie.split('=')[1], ...tokenHashes.map((r) => r.token_hash),
      'secret-endpoint-anna', 'p256dh-key-anna', 'auth-secret-anna',
    ]
    for (const s of forbidden) expect({ leaked: s, found: text.includes(s) }).toEqual({ leaked: s, found: false })
    expect(data.account).not.toHaveProperty('password')
    expect(other.account.pool).toBe('gay')

    // Rate limited: five an hour.
    for (let i = 0; i < 4; i++) await app.inject({ url: '/api/export.php', headers: { host: HOST, cookie: anna.cookie } })
    expect((await app.inject({ url: '/api/export.php', headers: { host: HOST, cookie: anna.cookie } })).statusCode).toBe(429)

    // Deletion, the grace period passes, the purge job runs.
    const del = await app.inject({ method: 'POST', url: '/api/delete-account.php', headers: { host: HOST, cookie: anna.cookie }, payload: { password: anna.password, reason: 'other' } })
    expect(del.statusCode).toBe(200)
    await db.update(accounts).set({ deletedAt: new Date(Date.now() - 15 * 86400_000) }).where(eq(accounts.id, anna.account.id))
    await db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(sql`done_at is null`)
    await app.services.jobs.runDue()

    // Every row that names Anna is gone, in every table with a member column; only Bert's photo files remain.
    const id = anna.account.id
    const refs: [string, string][] = [
      ['accounts', 'id'], ['profiles', 'account_id'], ['photos', 'account_id'], ['likes', 'liker_id'], ['likes', 'liked_id'], ['skips', 'account_id'],
      ['skips', 'skipped_id'], ['swipe_days', 'account_id'], ['blocks', 'blocker_id'], ['blocks', 'blocked_id'], ['conversations', 'member_a'],
      ['conversations', 'member_b'], ['conversation_members', 'account_id'], ['messages', 'sender_id'], ['credit_ledger', 'account_id'],
      ['orders', 'account_id'], ['discount_codes', 'account_id'], ['sessions', 'account_id'], ['one_time_tokens', 'account_id'],
      ['push_subscriptions', 'account_id'], ['notification_settings', 'account_id'], ['complaints', 'account_id'], ['notification_mails', 'account_id'],
    ]
    for (const [table, column] of refs) {
      const r = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`)) as unknown as { rows: { n: number }[] }
      expect({ table, column, n: Number(r.rows[0].n) }).toEqual({ table, column, n: 0 })
    }
    expect(await db.select().from(payments).where(eq(payments.orderId, order.id))).toEqual([])
    expect(await db.select().from(complaints).where(sql`lower(${complaints.email}) = 'anna.gdpr@example.nl'`)).toEqual([])
    const pending = (await db.execute(sql`select count(*)::int as n from jobs where done_at is null and (${String(id)} in (payload->>'accountId', payload->>'recipientId', payload->>'memberId') or payload->>'to' = 'anna.gdpr@example.nl')`)) as unknown as { rows: { n: number }[] }
    expect(Number(pending.rows[0].n)).toBe(0)
    expect(await db.select().from(sessions).where(eq(sessions.accountId, id))).toEqual([])
    const after = mediaFiles()
    const left = annaFiles.filter((f) => after.has(f))
    expect(left.sort()).toEqual(Object.values(bertPhotoRow).sort())
    // Bert keeps his account; the conversation went with Anna.
    expect(await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, bert.account.id))).toHaveLength(1)
  })
})
