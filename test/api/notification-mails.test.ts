// Notification e-mails (docs/decisions/031-notification-mails.md): each rule, through the API and the job worker,
// into the dev mailbox.
import type { FastifyInstance } from 'fastify'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { describeEachDb, openTestDatabase } from '../support/db'
import { createMember, hostOf, makeTestApp } from '../support/app'
import type { Database } from '../../src/db/client.server'
import { accounts, conversationMembers, devMails, jobs, notificationMails, notificationSettings } from '../../src/db/schema'
import { createSession } from '../../src/features/accounts/sessions.server'

jest.setTimeout(90_000)

let seq = 0
const uniq = () => `${Date.now().toString(36)}${++seq}`

describeEachDb('notification e-mails', (kind) => {
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

  const member = async (opts: { tenantId?: string; language?: string; name?: string; status?: string } = {}) => {
    const email = `n-${uniq()}@example.com`
    const m = await createMember(database.db, { email, tenantId: opts.tenantId, name: opts.name, status: opts.status })
    await database.db.update(accounts).set({ credits: 500, language: opts.language ?? 'nl' }).where(eq(accounts.id, m.account.id))
    const cookie = `sid=${await createSession(database.db, m.account, m.account.tenantId)}`
    return { id: m.account.id, email, cookie, host: hostOf(m.account.tenantId) }
  }
  type M = Awaited<ReturnType<typeof member>>
  const send = async (from: M, to: M, text = 'Hoi!') => {
    const res = await app.inject({ method: 'POST', url: `/api/message.php?member_id=${to.id}`, headers: { host: from.host, cookie: from.cookie }, payload: { kind: 'text', client_id: `m-${uniq()}`, text } })
    expect(res.statusCode).toBe(201)
    return res.json().message as { id: number; conversation_id: number }
  }
  const like = async (from: M, to: M) => {
    const res = await app.inject({ method: 'POST', url: '/api/like.php', headers: { host: from.host, cookie: from.cookie }, payload: { id: to.id } })
    expect(res.statusCode).toBe(200)
    return res.json() as { match: boolean }
  }
  /** Runs the notification jobs as if their time had come (the message mail waits minutes, likes half an hour). */
  const runJobs = async (kinds = ['notify.message', 'notify.likes', 'notify.match', 'notify.activation_reminder']) => {
    await database.db.execute(sql`update jobs set run_at = now() where done_at is null and kind in ${kinds} and run_at > now()`)
    await app.services.jobs.runDue()
    // The mails queued by the notification jobs.
    await app.services.jobs.runDue()
  }
  const mailsTo = (email: string) => database.db.select().from(devMails).where(eq(devMails.to, email)).orderBy(devMails.id)
  const settings = (id: number, set: Partial<typeof notificationSettings.$inferInsert>) =>
    database.db.update(notificationSettings).set(set).where(eq(notificationSettings.accountId, id))
  const ensureSettings = (id: number) => database.db.insert(notificationSettings).values({ accountId: id, pool: 'main' }).onConflictDoNothing()
  /** As if the member's last notification mails were sent this many minutes earlier. */
  const age = (id: number, minutes: number) =>
    database.db.execute(sql`update notification_mails set sent_at = sent_at - make_interval(mins => ${minutes}) where account_id = ${id}`)

  it('mails a new message to a member without an open tab, in their language and brand, with one-click unsubscribe and the settings link', async () => {
    const sender = await member({ name: 'Sanne' })
    const recipient = await member({ tenantId: 'flirtbelgie', language: 'fr' })
    const message = await send(sender, recipient)
    // Not at once: the message mail waits a few minutes for the member to read it.
    await app.services.jobs.runDue()
    await app.services.jobs.runDue()
    expect(await mailsTo(recipient.email)).toHaveLength(0)
    await runJobs()
    const [mail] = await mailsTo(recipient.email)
    expect(mail.tenantId).toBe('flirtbelgie')
    expect(mail.subject).toBe('Sanne vous a envoyé un message sur FlirtBelgië')
    const headers = mail.headers as Record<string, string>
    expect(headers.From).toBe('"FlirtBelgië" <noreply@flirtbelgie.be>')
    expect(headers['List-Unsubscribe']).toMatch(/^<http:\/\/flirtbelgie\.localhost:3000\/api\/unsubscribe\.php\?token=\d+\.[\w-]{43}>$/)
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.text).toContain(`http://flirtbelgie.localhost:3000/chats/${message.conversation_id}`)
    expect(mail.text).toContain('Modifier les notifications par e-mail: http://flirtbelgie.localhost:3000/notifications')
    expect(mail.text).not.toContain('Hoi!')
  })

  it('sends at most one message mail per conversation per hour', async () => {
    const sender = await member()
    const recipient = await member()
    await send(sender, recipient, 'een')
    await runJobs()
    await send(sender, recipient, 'twee')
    await send(sender, recipient, 'drie')
    await runJobs()
    expect(await mailsTo(recipient.email)).toHaveLength(1)
    await age(recipient.id, 61)
    await send(sender, recipient, 'vier')
    await runJobs()
    expect(await mailsTo(recipient.email)).toHaveLength(2)
  })

  it('mails nothing for a message read in time or while the member has a tab open', async () => {
    const sender = await member()
    const recipient = await member()
    const message = await send(sender, recipient)
    await database.db
      .update(conversationMembers)
      .set({ lastReadMessageId: message.id, unreadCount: 0 })
      .where(and(eq(conversationMembers.conversationId, message.conversation_id), eq(conversationMembers.accountId, recipient.id)))
    await runJobs()
    expect(await mailsTo(recipient.email)).toHaveLength(0)

    // A tab opened after the message came: it shows the message.
    const other = await member()
    await send(other, recipient)
    const detach = app.services.realtime.attach(recipient.id, { send: () => undefined })
    await runJobs()
    expect(await mailsTo(recipient.email)).toHaveLength(0)
    // A tab open when the message is sent: no mail job at all.
    await send(await member(), recipient)
    detach()
    const pending = await database.db.select().from(jobs).where(and(eq(jobs.kind, 'notify.message'), isNull(jobs.doneAt), sql`(payload->>'recipientId')::bigint = ${recipient.id}`))
    expect(pending).toHaveLength(0)
  })

  it('honours the switch, the invisible mode, bounces and spam reports, and mails nobody deleted or banned', async () => {
    const cases: Array<[string, (id: number) => Promise<unknown>]> = [
      ['switch off', (id) => settings(id, { emailMessages: false })],
      ['invisible', (id) => database.db.update(accounts).set({ invisible: true }).where(eq(accounts.id, id))],
      ['bounce', (id) => settings(id, { disabledReasons: ['bounce'] })],
      ['spam report', (id) => settings(id, { disabledReasons: ['fbl'] })],
      ['unsubscribed', (id) => settings(id, { disabledReasons: ['listunsubscribe'] })],
      ['deleted', (id) => database.db.update(accounts).set({ status: 'deleted' }).where(eq(accounts.id, id))],
      ['banned', (id) => database.db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, id))],
    ]
    for (const [name, apply] of cases) {
      const sender = await member()
      const recipient = await member()
      await ensureSettings(recipient.id)
      await send(sender, recipient)
      await apply(recipient.id)
      await runJobs()
      expect([name, (await mailsTo(recipient.email)).length]).toEqual([name, 0])
    }
    // The control: the same steps without a change mail.
    const sender = await member()
    const recipient = await member()
    await send(sender, recipient)
    await runJobs()
    expect(await mailsTo(recipient.email)).toHaveLength(1)
  })

  it('mails a few messages a day one by one, then one daily digest of the unread conversations', async () => {
    const recipient = await member()
    for (let i = 0; i < 5; i++) {
      await send(await member(), recipient)
      await runJobs()
    }
    expect(await mailsTo(recipient.email)).toHaveLength(3)
    const pendingDigest = () =>
      database.db.select().from(jobs).where(and(eq(jobs.kind, 'notify.digest'), isNull(jobs.doneAt), sql`(payload->>'accountId')::bigint = ${recipient.id}`))
    // The digest goes a day after the first of the day's mails.
    const [digest] = await pendingDigest()
    expect(digest.runAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000)
    await runJobs(['notify.digest'])
    const mails = await mailsTo(recipient.email)
    expect(mails).toHaveLength(4)
    expect(mails.slice(0, 3).every((m) => m.subject.includes('heeft je een bericht gestuurd'))).toBe(true)
    expect(mails[3].subject).toBe('Ongelezen berichten op Datingstad')
    expect(mails[3].text).toContain('Er wachten ongelezen berichten op je: 5 in totaal, in 5 gesprek(ken).')
    expect(mails[3].text).toContain('http://datingstad.localhost:3000/chats')
    // Later messages that day wait for the next digest, a day after this one.
    await send(await member(), recipient)
    await runJobs()
    expect(await mailsTo(recipient.email)).toHaveLength(4)
    const [next] = await pendingDigest()
    expect(next.runAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000)
  })

  it('batches new likes into one mail, and mails a match on its own', async () => {
    const liked = await member({ language: 'de' })
    const fans = [await member(), await member(), await member()]
    for (const f of fans) await like(f, liked)
    const pending = await database.db.select().from(jobs).where(and(eq(jobs.kind, 'notify.likes'), isNull(jobs.doneAt), sql`(payload->>'accountId')::bigint = ${liked.id}`))
    expect(pending).toHaveLength(1)
    await runJobs()
    const [mail, ...rest] = await mailsTo(liked.email)
    expect(rest).toHaveLength(0)
    expect(mail.subject).toBe('Neue Likes auf Datingstad')
    expect(mail.text).toContain('Neue Likes seit unserer letzten E-Mail: 3.')

    // The member likes one fan back: a match, mailed to the fan (the member saw it on screen).
    const fan = fans[0]
    expect((await like(liked, fan)).match).toBe(true)
    await runJobs()
    const [match] = await mailsTo(fan.email)
    expect(match.subject).toMatch(/^Je hebt een match met .+ op Datingstad!$/)
    expect(match.text).toContain(`http://datingstad.localhost:3000/members/${liked.id}`)
    // No likes mail for likes already announced.
    expect(await mailsTo(liked.email)).toHaveLength(1)
  })

  it('mails no likes or matches to a member who switched them off', async () => {
    const a = await member()
    const b = await member()
    await ensureSettings(a.id)
    await settings(a.id, { emailLikes: false, emailMatches: false })
    await like(b, a)
    await runJobs()
    await like(a, b)
    await ensureSettings(b.id)
    await settings(b.id, { emailMatches: false })
    await runJobs()
    expect(await mailsTo(a.email)).toHaveLength(0)
    expect(await mailsTo(b.email)).toHaveLength(0)
  })

  it('reminds an unconfirmed member after a day and after three days with a working link, and stops once confirmed', async () => {
    const email = `signup-${uniq()}@example.com`
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: 'datingstad.nl' },
      payload: { email, name: 'Noor', password: 'geheim-wachtwoord', date_of_birth: '1995-05-05' },
    })
    expect(res.statusCode).toBe(201)
    await app.services.jobs.runDue()
    expect(await mailsTo(email)).toHaveLength(1) // the activation mail itself
    const reminders = await database.db.select().from(jobs).where(and(eq(jobs.kind, 'notify.activation_reminder'), isNull(jobs.doneAt)))
    const mine = reminders.filter((j) => (j.payload as { accountId: number }).accountId > 0)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((j) => j.runAt.getTime() > Date.now() + 23 * 3600_000)).toBe(true)
    await runJobs()
    const mails = await mailsTo(email)
    expect(mails).toHaveLength(2)
    expect(mails[1].subject).toBe('Bevestig nog even je e-mailadres voor Datingstad')
    expect((mails[1].headers as Record<string, string>)['List-Unsubscribe']).toBeDefined()
    const link = /http:\/\/datingstad\.localhost:3000(\/api\/activate\.php\?token=[\w-]+)/.exec(mails[1].text)![1]
    const activate = await app.inject({ method: 'GET', url: link, headers: { host: 'datingstad.nl' } })
    expect(activate.statusCode).toBe(303)
    const [account] = await database.db.select().from(accounts).where(eq(accounts.email, email))
    expect(account.status).toBe('active')
    // The second reminder finds the address confirmed: nothing more.
    await runJobs()
    expect(await mailsTo(email)).toHaveLength(2)
    const sent = await database.db.select().from(notificationMails).where(eq(notificationMails.accountId, account.id))
    expect(sent.map((s) => s.kind)).toEqual(['activation_reminder'])
  })
})
