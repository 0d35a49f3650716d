// Text messages (the direct debit's confirmation code) through one adapter. There is no SMS gateway yet: the
// messages go into the dev mailbox table, so a tester reads them at /dev/mail (development and the demo).
import type { Db } from '../../db/client.server'
import { devMails } from '../../db/schema'
import { escapeHtml } from '../../shared/escape-html'

export interface SmsSender {
  send(sms: { tenantId: string; to: string; text: string }): Promise<void>
}

const esc = escapeHtml

/** The dev mailbox as the SMS gateway: recipient sms:<number>, the text as the subject, so the list shows it. */
export function createDevMailboxSms(db: Db): SmsSender {
  return {
    async send(sms) {
      await db.insert(devMails).values({ tenantId: sms.tenantId, to: `sms:${sms.to}`, subject: `SMS: ${sms.text}`, text: sms.text, html: `<p>${esc(sms.text)}</p>`, headers: { Kind: 'sms' } })
    },
  }
}
