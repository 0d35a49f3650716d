// The chat operators' work (decision 037): which conversations wait for a fictional profile's reply, claims (one
// operator per conversation, with a timeout) and the notes about members. Sending itself goes through the chat's
// own send path (operator-routes.server.ts calls sendMessage), so charging rules, live delivery, unread
// counts and read state are the members' own.
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { accounts, conversations, operatorClaims, operatorNotes, profiles } from '../../db/schema'
import { OPERATOR_CLAIM_S, type OperatorQueueItem } from './operator-endpoints'

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString()

/**
 * Conversations of these pools between a member and a fictional profile whose latest messages are the member's
 * (none of the fictional profile's since), oldest waiting first. A conversation with a blocked, banned or deleted
 * member does not wait for anyone.
 */
export async function operatorQueue(db: Db, pools: string[], staffId: number, limit = 100): Promise<OperatorQueueItem[]> {
  if (pools.length === 0) return []
  const res = (await db.execute(sql`
    select c.id as conversation_id, m.tenant_id, c.pool, m.id as member_id, mp.name as member_name, f.id as fictional_id, fp.name as fictional_name,
      w.since, w.n, cl.staff_id as claimed_by, cl.expires_at
    from conversations c
    join accounts f on f.id in (c.member_a, c.member_b) and f.fictional
    join accounts m on m.id = case when c.member_a = f.id then c.member_b else c.member_a end and not m.fictional
    join profiles fp on fp.account_id = f.id
    join profiles mp on mp.account_id = m.id
    left join lateral (select max(x.id) as id from messages x where x.pool = c.pool and x.conversation_id = c.id and x.sender_id = f.id) r on true
    join lateral (
      select min(x.created_at) as since, count(*)::int as n from messages x
      where x.pool = c.pool and x.conversation_id = c.id and x.sender_id = m.id and x.id > coalesce(r.id, 0)
    ) w on w.n > 0
    left join operator_claims cl on cl.conversation_id = c.id and cl.expires_at > now()
    where c.pool in ${sql`(${sql.join(pools.map((p) => sql`${p}`), sql`, `)})`}
      and m.status in ('active', 'not_confirmed')
      and not exists (select 1 from blocks b where b.pool = c.pool and ((b.blocker_id = m.id and b.blocked_id = f.id) or (b.blocker_id = f.id and b.blocked_id = m.id)))
    order by w.since asc, c.id asc
    limit ${limit}
  `)) as unknown as {
    rows: {
      conversation_id: string | number; tenant_id: string; pool: string; member_id: string | number; member_name: string; fictional_id: string | number
      fictional_name: string; since: string | Date; n: number; claimed_by: string | number | null; expires_at: string | Date | null
    }[]
  }
  return res.rows.map((r) => ({
    conversation_id: Number(r.conversation_id),
    tenant_id: r.tenant_id,
    pool: r.pool,
    member: { id: Number(r.member_id), name: r.member_name },
    fictional: { id: Number(r.fictional_id), name: r.fictional_name },
    waiting_since: iso(r.since),
    waiting_messages: Number(r.n),
    claimed_by_other: r.claimed_by !== null && Number(r.claimed_by) !== staffId,
    claimed_until: r.expires_at ? iso(r.expires_at) : null,
  }))
}

/** A conversation of these pools between a member and a fictional profile: its two sides. */
export async function fictionalConversation(db: Db, pools: string[], conversationId: number) {
  if (pools.length === 0) return undefined
  const [c] = await db.select().from(conversations).where(and(eq(conversations.id, conversationId), inArray(conversations.pool, pools)))
  if (!c) return undefined
  const sides = await db
    .select({ account: accounts, profile: profiles })
    .from(accounts)
    .innerJoin(profiles, eq(profiles.accountId, accounts.id))
    .where(inArray(accounts.id, [c.memberA, c.memberB]))
  const fictional = sides.find((s) => s.account.fictional)
  const member = sides.find((s) => !s.account.fictional)
  if (!fictional || !member) return undefined
  return { conversation: c, fictional, member }
}

export type ClaimOutcome = { ok: true; expiresAt: Date } | { ok: false; reason: 'claimed' }

/**
 * Takes a conversation for this operator (or renews their claim): refused while another operator's claim runs.
 * An operator works on one conversation at a time: taking one gives up their others.
 */
export async function claimConversation(db: Db, pool: string, conversationId: number, staffId: number): Promise<ClaimOutcome> {
  return db.transaction(async (tx) => {
    const res = (await tx.execute(sql`
      insert into operator_claims (conversation_id, pool, staff_id, expires_at)
      values (${conversationId}, ${pool}, ${staffId}, now() + make_interval(secs => ${OPERATOR_CLAIM_S}))
      on conflict (conversation_id) do update set staff_id = excluded.staff_id, claimed_at = now(), expires_at = excluded.expires_at
      where operator_claims.staff_id = excluded.staff_id or operator_claims.expires_at <= now()
      returning expires_at
    `)) as unknown as { rows: { expires_at: string | Date }[] }
    const row = res.rows[0]
    if (!row) return { ok: false, reason: 'claimed' } as const
    await tx.execute(sql`delete from operator_claims where staff_id = ${staffId} and conversation_id <> ${conversationId}`)
    return { ok: true, expiresAt: new Date(iso(row.expires_at)) } as const
  })
}

/** Whether this operator holds a running claim on the conversation. */
export async function holdsClaim(db: Db, conversationId: number, staffId: number): Promise<boolean> {
  const [row] = await db
    .select({ c: operatorClaims.conversationId })
    .from(operatorClaims)
    .where(and(eq(operatorClaims.conversationId, conversationId), eq(operatorClaims.staffId, staffId), sql`${operatorClaims.expiresAt} > now()`))
  return row !== undefined
}

export async function readNote(db: Db, fictionalId: number, memberId: number): Promise<string> {
  const [row] = await db.select({ note: operatorNotes.note }).from(operatorNotes).where(and(eq(operatorNotes.fictionalId, fictionalId), eq(operatorNotes.memberId, memberId)))
  return row?.note ?? ''
}

/** Writes (or, when empty, removes) the note; answers what it was before, for the audit row. */
export async function writeNote(db: Db, input: { pool: string; fictionalId: number; memberId: number; note: string; staffId: number }): Promise<string> {
  const before = await readNote(db, input.fictionalId, input.memberId)
  if (input.note === '') {
    await db.delete(operatorNotes).where(and(eq(operatorNotes.fictionalId, input.fictionalId), eq(operatorNotes.memberId, input.memberId)))
  } else {
    await db
      .insert(operatorNotes)
      .values({ pool: input.pool, fictionalId: input.fictionalId, memberId: input.memberId, note: input.note, updatedBy: input.staffId })
      .onConflictDoUpdate({ target: [operatorNotes.fictionalId, operatorNotes.memberId], set: { note: input.note, updatedBy: input.staffId, updatedAt: sql`now()` } })
  }
  return before
}
