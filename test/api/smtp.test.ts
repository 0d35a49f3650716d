// E-mail over a real SMTP server started by the test: the worker's job arrives as a proper message.
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { openTestDatabase } from '../support/db'
import { makeTestApp } from '../support/app'

jest.setTimeout(60_000)

interface Received {
  from: string
  to: string[]
  raw: string
}

it('sends the activation mail through SMTP_URL', async () => {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (c: string) => (raw += c))
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port

  const database = await openTestDatabase('pglite')
  const app = await makeTestApp(database, { SMTP_URL: `smtp://127.0.0.1:${port}`, DEV_MAILBOX: 'false' })
  try {
    expect(app.services.mailer.kind).toBe('smtp')
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: 'mannenmatch.nl' },
      payload: { email: 'smtp@example.nl', name: 'Sjoerd', password: 'lang genoeg', date_of_birth: '1985-03-03' },
    })
    expect(res.statusCode).toBe(201)
    await app.services.jobs.runDue()
    expect(received).toHaveLength(1)
    const [mail] = received
    expect(mail.from).toBe('noreply@mannenmatch.nl')
    expect(mail.to).toEqual(['smtp@example.nl'])
    expect(mail.raw).toMatch(/^Subject: Bevestig je e-mailadres voor MannenMatch/m)
    // Bodies are quoted-printable: undo soft line breaks and =XX escapes to read them.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    expect(body).toMatch(/http:\/\/mannenmatch\.localhost:3000\/api\/activate\.php\?token=[A-Za-z0-9_-]{43}/)
    expect(body).toContain('Hallo Sjoerd,')
    expect(mail.raw).toMatch(/Content-Type: text\/html/)
  } finally {
    await app.close()
    await database.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})

it('retries a mail job when the SMTP server is down', async () => {
  const database = await openTestDatabase('pglite')
  const app = await makeTestApp(database, { SMTP_URL: 'smtp://127.0.0.1:1', DEV_MAILBOX: 'false' })
  try {
    await app.inject({
      method: 'POST',
      url: '/api/signup.php',
      headers: { host: 'datingstad.nl' },
      payload: { email: 'down@example.nl', name: 'Dirk', password: 'lang genoeg', date_of_birth: '1985-03-03' },
    })
    await app.services.jobs.runDue()
    // The activation mail's job (the activation reminders wait in their own jobs, a day and three days on).
    const { rows } = (await database.db.execute("select attempts, done_at, last_error, run_at > now() as later from jobs where kind = 'mail.send'" as never)) as unknown as {
      rows: { attempts: number; done_at: Date | null; last_error: string; later: boolean }[]
    }
    expect(rows[0]).toMatchObject({ attempts: 1, done_at: null, later: true })
    expect(rows[0].last_error).toMatch(/ECONNREFUSED|connect/i)
  } finally {
    await app.close()
    await database.close()
  }
})
