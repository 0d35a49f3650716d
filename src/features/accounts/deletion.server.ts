// Account deletion (SPEC.md sections 4 and 9): deleted at once for everyone else, reactivatable for 14 days
// through a mailed link, then purged with its data by a job.
import path from 'node:path'
import { and, eq, lte, sql } from 'drizzle-orm'
import type { TFunction } from 'i18next'
import type { Db } from '../../db/client.server'
import { accounts, complaints, messages, oneTimeTokens, photos, profiles, sessions } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { JobHandler } from '../../server/jobs.server'
import { enqueueJob } from '../../db/jobs.server'
import { verifyPassword } from './passwords.server'
import { consumeToken, issueToken } from './tokens.server'
import { queueMail } from '../mail/index.server'
import { DELETION_GRACE_DAYS } from './signup.server'
import type { Account } from './sessions.server'
import type { MediaStorage } from '../../server/media-storage.server'
import { removeMediaOrQueue } from '../photos/index.server'

export const PURGE_JOB = 'account.purge'
const GRACE_S = DELETION_GRACE_DAYS * 24 * 3600

export type DeleteOutcome = { ok: true } | { ok: false; status: number; code: string; message: string; fields?: Record<string, string> }

export async function deleteAccount(db: Db, opts: { tenant: Tenant; account: Account; password: string; reason: string; reasonText?: string; t: TFunction }): Promise<DeleteOutcome> {
  const { account, tenant, t } = opts
  if (!(await verifyPassword(account.passwordHash, opts.password))) {
    return { ok: false, status: 400, code: 'invalid_input', message: t('errors.invalid_input'), fields: { password: t('delete.password_wrong') } }
  }
  const [profile] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.accountId, account.id))
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ status: 'deleted', deletedAt: sql`now()` })
      .where(eq(accounts.id, account.id))
    await tx.update(profiles).set({ searchable: false }).where(eq(profiles.accountId, account.id))
    await tx.delete(sessions).where(eq(sessions.accountId, account.id))
    const token = await issueToken(tx, account, 'reactivate', GRACE_S, { status: account.status, reason: opts.reason, reason_text: opts.reasonText ?? null })
    await queueMail(tx, { tenantId: tenant.id, to: account.email, lng: account.language, kind: 'reactivate', name: profile?.name ?? '', path: `/api/reactivate.php?token=${encodeURIComponent(token)}`, accountId: account.id })
    await enqueueJob(tx as unknown as Db, PURGE_JOB, { accountId: account.id }, { runAt: new Date(Date.now() + GRACE_S * 1000) })
  })
  return { ok: true }
}

/** Brings a deleted account back within the grace period; false when the link is invalid or too late. */
export async function reactivateAccount(db: Db, tenant: Tenant, token: string | undefined): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, 'reactivate', tenant.pool)
    if (!row) return false
    const previous = (row.payload as { status?: string } | null)?.status
    const [acc] = await tx
      .update(accounts)
      .set({ status: previous === 'not_confirmed' ? 'not_confirmed' : 'active', deletedAt: null })
      .where(and(eq(accounts.id, row.accountId), eq(accounts.status, 'deleted'), sql`${accounts.deletedAt} > now() - make_interval(days => ${DELETION_GRACE_DAYS})`))
      .returning({ id: accounts.id })
    if (!acc) return false
    await tx.update(profiles).set({ searchable: true }).where(eq(profiles.accountId, acc.id))
    return true
  })
}

/**
 * Reactivation by login (the right password within the grace period, checked by the caller): the status from
 * before the deletion comes from the reactivation token, which is used up so the mailed link no longer works.
 */
export async function reactivateDeletedAccount(db: Db, accountId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.accountId, accountId), eq(oneTimeTokens.purpose, 'reactivate')))
      .returning({ payload: oneTimeTokens.payload })
    const previous = (token?.payload as { status?: string } | null)?.status
    const [acc] = await tx
      .update(accounts)
      .set({ status: previous === 'not_confirmed' ? 'not_confirmed' : 'active', deletedAt: null })
      .where(and(eq(accounts.id, accountId), eq(accounts.status, 'deleted'), sql`${accounts.deletedAt} > now() - make_interval(days => ${DELETION_GRACE_DAYS})`))
      .returning({ id: accounts.id })
    if (!acc) return false
    await tx.update(profiles).set({ searchable: true }).where(eq(profiles.accountId, acc.id))
    return true
  })
}

/**
 * The purge job: if the account is still deleted after the grace period, removes it with all its rows (cascade:
 * profile, photos, likes, messages, sessions, ledger, orders...), the rows that do not cascade (complaints it
 * filed, queued mails, dev mailbox) and its media files: every variant of its photos and the images it sent in chat.
 * tenantsOfPool names the brands whose dev mailbox may hold mails to the member.
 */
export function purgeJobHandler(db: Db, media: MediaStorage, tenantsOfPool: (pool: string) => string[] = () => []): JobHandler {
  return async (payload) => {
    const accountId = Number(payload.accountId)
    const [acc] = await db
      .select({ id: accounts.id, email: accounts.email, pool: accounts.pool })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.status, 'deleted'), lte(accounts.deletedAt, sql`now() - make_interval(days => ${DELETION_GRACE_DAYS})`)))
    if (!acc) return
    const files = await memberMediaFiles(db, accountId)
    await db.transaction(async (tx) => {
      await purgeLooseRows(tx as unknown as Db, acc, tenantsOfPool(acc.pool))
      await tx.delete(accounts).where(eq(accounts.id, accountId))
    })
    // After the rows: a failure here leaves files without rows (no personal data reachable), never rows without
    // files; the media.delete job retries them until the store answers.
    await removeMediaOrQueue(db, media, files)
  }
}

/** The media files of a member: every variant of their photos and the images they sent in chat. */
export async function memberMediaFiles(db: Db, accountId: number): Promise<string[]> {
  const photoRows = await db.select({ a: photos.filename, b: photos.thumbFilename, c: photos.blurredFilename }).from(photos).where(eq(photos.accountId, accountId))
  const sent = await db.select({ body: messages.body }).from(messages).where(and(eq(messages.senderId, accountId), eq(messages.kind, 'image')))
  const names = photoRows.flatMap((r) => [r.a, r.b, r.c])
  for (const m of sent) {
    try {
      const body = JSON.parse(m.body ?? '{}') as Record<string, unknown>
      for (const key of ['filename', 'thumbFilename', 'blurredFilename']) if (typeof body[key] === 'string') names.push(body[key])
    } catch {
      // Not JSON: no file to remove.
    }
  }
  return names.map((n) => path.basename(n))
}

/** Rows about the member that do not go with the account by cascade: complaints they filed, queued mails, dev mails. */
export async function purgeLooseRows(db: Db, account: { id: number; email: string; pool: string }, tenantIds: string[]) {
  await db.delete(complaints).where(and(eq(complaints.pool, account.pool), eq(complaints.accountId, account.id)))
  // Jobs still waiting or failed keep their payload (done jobs have it emptied): mails to the member, pushes,
  // notification mails about them.
  await db.execute(sql`delete from jobs where done_at is null and kind <> ${PURGE_JOB} and (${String(account.id)} in (payload->>'accountId', payload->>'recipientId', payload->>'memberId') or lower(payload->>'to') = lower(${account.email}))`)
  if (tenantIds.length) await db.execute(sql`delete from dev_mails where lower(to_address) = lower(${account.email}) and tenant_id in (${sql.join(tenantIds.map((t) => sql`${t}`), sql`, `)})`)
}

