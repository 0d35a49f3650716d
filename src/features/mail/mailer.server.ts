// Sends e-mail: over SMTP (nodemailer) when SMTP_URL is set, otherwise into the dev mailbox table.
import nodemailer from 'nodemailer'
import type { Db } from '../../db/client.server'
import { devMails } from '../../db/schema'

export interface OutgoingMail {
  tenantId: string
  from: string
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
}

export interface Mailer {
  kind: 'smtp' | 'dev-mailbox'
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function createMailer(db: Db, smtpUrl: string | undefined): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl)
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers })
      },
      close: () => transport.close(),
    }
  }
  return {
    kind: 'dev-mailbox',
    async send(mail) {
      await db.insert(devMails).values({ tenantId: mail.tenantId, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: { From: mail.from, ...mail.headers } })
    },
    close: () => undefined,
  }
}
