// The dev mailbox at /dev/mail: mails of this host's tenant, newest first. Only with DEV_MAILBOX (development).
import type { FastifyInstance } from 'fastify'
import { and, desc, eq } from 'drizzle-orm'
import { devMails } from '../db/schema'
import { escapeHtml } from '../shared/escape-html'

const esc = escapeHtml

/** The dev mailbox (a development tool) shows mails as written: their inline styles and remote images. No script. */
const DEV_MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

export async function devMailRoutes(app: FastifyInstance) {
  const { db } = app.services.database

  app.get('/dev/mail.json', async (req) => {
    const to = (req.query as Record<string, string | undefined>).to
    const rows = await db
      .select()
      .from(devMails)
      .where(to ? and(eq(devMails.tenantId, req.ctx.tenant.id), eq(devMails.to, to)) : eq(devMails.tenantId, req.ctx.tenant.id))
      .orderBy(desc(devMails.id))
      .limit(50)
    return { mails: rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, created_at: m.createdAt })) }
  })

  app.get('/dev/mail', async (req, reply) => {
    const rows = await db.select().from(devMails).where(eq(devMails.tenantId, req.ctx.tenant.id)).orderBy(desc(devMails.id)).limit(50)
    const list = rows
      .map((m) => `<li><a href="/dev/mail/${m.id}">${esc(m.subject)}</a> <small>${esc(m.to)} · ${m.createdAt.toISOString()}</small></li>`)
      .join('')
    reply.type('text/html; charset=utf-8').header('content-security-policy', DEV_MAIL_CSP)
    return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}li{margin:.5rem 0}small{color:#666}</style></head><body><h1>Dev mailbox · ${esc(req.ctx.tenant.name)}</h1><ul>${list || '<li>—</li>'}</ul></body></html>`
  })

  app.get('/dev/mail/:id', async (req, reply) => {
    const id = Number((req.params as { id: string }).id)
    const [m] = Number.isInteger(id) ? await db.select().from(devMails).where(and(eq(devMails.id, id), eq(devMails.tenantId, req.ctx.tenant.id))) : []
    if (!m) return reply.callNotFound()
    reply.type('text/html; charset=utf-8').header('content-security-policy', DEV_MAIL_CSP)
    return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(m.subject)}</title></head><body style="font-family:system-ui,sans-serif;margin:1rem"><p><a href="/dev/mail">← Dev mailbox</a></p><p><b>To:</b> ${esc(m.to)}<br><b>Subject:</b> ${esc(m.subject)}</p><iframe title="mail" sandbox="allow-top-navigation-by-user-activation allow-popups" style="width:100%;height:80vh;border:1px solid #ccc" srcdoc="${esc(m.html)}"></iframe></body></html>`
  })
}
