// Member search with keyset pagination, and what search, the match finder, the swipe game and the likes lists
// share: the filters a request runs with, the block list and the member cards.
// Pages are ordered by (last_active_at DESC, account_id DESC) and continue after an opaque cursor holding the
// last row's pair: no OFFSET, no count per page (docs/decisions/012-discovery-api.md).
import { and, eq, inArray, notInArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { perDatabase } from '../../db/per-database.server'
import { accounts, blocks, likes, photos, profiles } from '../../db/schema'
import {
  MAX_SEARCH_AGE,
  MIN_SEARCH_AGE,
  SEARCH_PAGE_SIZE,
  type MemberCard,
  type SearchFilters,
  type SearchRequest,
} from '../../shared/discovery-contracts'
import type { Tenant } from '../../shared/tenant-schema'
import { regionsOf } from '../settings/index.server'
import { defaultFilters, filterConditions, filterValues } from './filters.server'
import { memberCardColumns, presentMemberCard, type CardInput, type CardProfileRow } from './present-member.server'
import type { Viewer } from './visibility.server'

/** Fewer results than this on a first page and similar results are offered. */
export const SIMILAR_BELOW = 12
/** How far the similar results widen the age range, each side. */
export const SIMILAR_AGE_WIDENING = 10

export type AppliedFilters = SearchFilters & { min_age: number; max_age: number }

/** The viewer's own gender and sexuality, for the default filters. */
export async function viewerProfile(db: Db, viewer: Viewer) {
  if (viewer.id === undefined) return undefined
  const [row] = await db.select({ gender: profiles.gender, sexuality: profiles.sexuality }).from(profiles).where(eq(profiles.accountId, viewer.id)).limit(1)
  return row
}

/**
 * The filters a search runs with: the niche's defaults (or the gender the viewer seeks), overridden by what the
 * request chose, but only for the tenant's search_fields. `any` clears a filter.
 */
export function applyFilters(tenant: Tenant, request: Omit<SearchRequest, 'cursor'>, me?: { gender: string | null; sexuality: string | null }): AppliedFilters {
  const base = defaultFilters(tenant, me)
  const out: AppliedFilters = { ...base, min_age: base.min_age ?? MIN_SEARCH_AGE, max_age: base.max_age ?? MAX_SEARCH_AGE }
  const fields = new Set<string>(tenant.search_fields)
  if (fields.has('gender') && request.gender !== undefined) out.gender = request.gender === 'any' ? undefined : request.gender
  if (fields.has('country') && request.country !== undefined) out.country = request.country === 'any' ? undefined : request.country
  // A brand of one country shows its own members by default (Datingstad, a Dutch site, showed Belgians of the
  // shared pool first); "any" still shows every country of the pool.
  else if (fields.has('country') && !out.country) {
    const own = Object.keys(tenant.countries)
    if (own.length === 1) out.country = own[0]
  }
  if (fields.has('region') && request.countryregion !== undefined) out.countryregion = request.countryregion === 'any' ? undefined : request.countryregion
  if (fields.has('age')) {
    if (request.min_age !== undefined) out.min_age = request.min_age
    if (request.max_age !== undefined) out.max_age = request.max_age
    if (out.min_age > out.max_age) out.max_age = out.min_age
  }
  for (const key of ['gender', 'country', 'countryregion'] as const) if (out[key] === undefined) delete out[key]
  return out
}

/**
 * What a search needs to know about the viewer, in one round trip: their gender and sexuality (for the default
 * filters) and the ids hidden by blocks either way.
 */
export async function viewerContext(db: Db, viewer: Viewer): Promise<{ me?: { gender: string | null; sexuality: string | null }; hidden: number[] }> {
  if (viewer.id === undefined) return { hidden: [] }
  const [row] = await viewerQueries(db, () => buildViewerQuery(db)).execute({ viewer: viewer.id, pool: viewer.pool })
  if (!row) return { hidden: await blockedEitherWay(db, viewer) }
  return { me: { gender: row.gender, sexuality: row.sexuality }, hidden: (row.hidden ?? []).map(Number) }
}

/** viewerContext's query, built once per database and prepared on each connection (PostgreSQL plans it once). */
function buildViewerQuery(db: Db) {
  const viewer = sql.placeholder('viewer')
  const pool = sql.placeholder('pool')
  const query = db
    .select({
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      hidden: sql<Array<string | number>>`coalesce((select array_agg(case when b.blocker_id = ${viewer} then b.blocked_id else b.blocker_id end)
        from ${blocks} b where b.pool = ${pool} and (b.blocker_id = ${viewer} or b.blocked_id = ${viewer})), '{}')`,
    })
    .from(profiles)
    .where(eq(profiles.accountId, viewer))
    .limit(1)
    .prepare('search_viewer')
  return query
}
const viewerQueries = perDatabase<ReturnType<typeof buildViewerQuery>>()

/** Ids of the members the viewer blocked or who blocked the viewer: hidden from each other everywhere. */
export async function blockedEitherWay(db: Db, viewer: Viewer): Promise<number[]> {
  if (viewer.id === undefined) return []
  const rows = await db
    .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.pool, viewer.pool), sql`(${blocks.blockerId} = ${viewer.id} or ${blocks.blockedId} = ${viewer.id})`))
  return rows.map((r) => (r.blocker === viewer.id ? r.blocked : r.blocker))
}

/**
 * Who may appear in lists for this viewer: the pool, active and visible, not the viewer, not blocked either way.
 * The same rule as visibleMember, with the block list given as ids (one small lookup instead of a subquery per row).
 */
/**
 * Hours after signup before a member is listed to logged-out visitors. Lists are ordered by last activity and a
 * signup is activity, so without this every new member (no photo approved, no text yet) would lead a visitor's
 * search, the landers and the signup matches. Members see new members at once.
 */
export const NEW_MEMBER_HIDDEN_FROM_VISITORS_HOURS = 24

export function listableMember(viewer: Viewer, hidden: number[]): SQL {
  const conds: SQL[] = [eq(profiles.pool, viewer.pool), eq(profiles.searchable, true), eq(accounts.pool, viewer.pool), eq(accounts.status, 'active'), eq(accounts.invisible, false)]
  if (viewer.id === undefined) conds.push(sql`${accounts.createdAt} < now() - make_interval(hours => ${NEW_MEMBER_HIDDEN_FROM_VISITORS_HOURS})`)
  const exclude = viewer.id === undefined ? hidden : [viewer.id, ...hidden]
  if (exclude.length) conds.push(notInArray(profiles.accountId, exclude))
  return and(...conds) as SQL
}

// The cursor: [last_active_at as Postgres text, account_id], base64url JSON. The timestamp stays text so its
// microseconds survive (a JS Date keeps milliseconds only, which would repeat or skip rows).
/** A timestamptz as Postgres prints it (ISO style): 2026-11-23 12:00:00.123456+00. */
export const PG_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:(\d{2}))?$/

/** Whether a text has PG_TIMESTAMP's shape and names a real moment (no 31 February, no hour 25, no offset 99). */
export function isPgTimestamp(text: string): boolean {
  const m = PG_TIMESTAMP.exec(text)
  if (!m) return false
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [m[1], m[2], m[3], m[4], m[5], m[6], m[8], m[10] ?? '0'].map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  )
}

/** A cursor's parts: a real timestamp (a forged one is refused here, not by the database) and a row id. */
export const cursorTimestamp = z.string().max(40).refine(isPgTimestamp)
export const cursorId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const cursorSchema = z.tuple([cursorTimestamp, cursorId])

export function encodeCursor(parts: [string, number]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url')
}

/** The decoded cursor, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): [string, number] | undefined {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    return parsed.success ? parsed.data : undefined
  } catch {
    return undefined
  }
}

const regionNames = new Map<string, string>()
export function regionName(country: string, code: string | null): string | null {
  if (!code) return null
  const key = `${country}:${code}`
  if (!regionNames.has(key)) regionNames.set(key, regionsOf(country).find((r) => r.code === code)?.name ?? '')
  return regionNames.get(key) || null
}

/**
 * The keyset order. NULLS LAST as in the indexes (drizzle-kit writes DESC NULLS LAST): with the default NULLS FIRST
 * of DESC the planner could not walk them and would sort.
 */
export const ACTIVITY_ORDER = [sql`${profiles.lastActiveAt} desc nulls last`, sql`${profiles.accountId} desc nulls last`]

/** A card's columns (memberCardColumns: a list selects 25 rows, no more than a card shows) and its list fields. */
const cardColumns = (viewer: Viewer) => ({
  ...memberCardColumns,
  activeAt: sql<string>`${profiles.lastActiveAt}::text`,
  liked: likedByViewer(viewer.pool, viewer.id, profiles.accountId),
})

/** Whether the viewer (none for a visitor) liked the member `accountId`. */
function likedByViewer(pool: string | Placeholder, viewerId: number | Placeholder | undefined, accountId: SQLWrapper): SQL<boolean> {
  if (viewerId === undefined) return sql<boolean>`false`
  return sql<boolean>`exists (select 1 from ${likes} l where l.pool = ${pool} and l.liker_id = ${viewerId} and l.liked_id = ${accountId})`
}

/**
 * What a list's page needs of `profiles` and `accounts`: chosen, ordered and limited before anything else is read.
 * Each name is a column of its own, so the page's columns stay unique as a subquery's.
 */
const pageColumns = {
  accountId: profiles.accountId,
  fictional: accounts.fictional,
  name: profiles.name,
  birthDate: profiles.birthDate,
  gender: profiles.gender,
  country: profiles.country,
  region: profiles.region,
  city: profiles.city,
  mainPhotoId: profiles.mainPhotoId,
  lastActiveAt: profiles.lastActiveAt,
}

/**
 * The cards of a list's page: `where`'s members of `profiles` joined to `accounts`, newest activity first, `limit`
 * of them; then their main photo and whether the viewer liked them, for those rows only. With the photo join and
 * the likes lookup beside the conditions, the plans read both for every member matching the filters before sorting
 * and cutting the page: 116 members for a page of 25 in the demo search (decision 042, tenth addendum).
 */
function pageOfCards(db: Db, where: SQL | undefined, limit: number | Placeholder, liked: (accountId: SQLWrapper) => SQL<boolean>) {
  const page = db
    .select(pageColumns)
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .where(where)
    .orderBy(...ACTIVITY_ORDER)
    .limit(limit as number)
    .as('page')
  return db
    .select({
      account: { id: page.accountId, fictional: page.fictional },
      profile: { name: page.name, birthDate: page.birthDate, gender: page.gender, country: page.country, region: page.region, city: page.city },
      photo: memberCardColumns.photo,
      activeAt: sql<string>`${page.lastActiveAt}::text`,
      liked: liked(page.accountId),
    })
    .from(page)
    .leftJoin(photos, and(eq(photos.id, page.mainPhotoId), eq(photos.accountId, page.accountId), sql`${photos.status} = 'active'`))
    .orderBy(sql`${page.lastActiveAt} desc nulls last`, sql`${page.accountId} desc nulls last`)
}

type CardRow = {
  account: { id: number; fictional: boolean }
  profile: CardProfileRow
  photo: CardInput['mainPhoto']
  activeAt: string
  liked: boolean
}

export function presentCardRow(row: CardRow, viewer: Viewer, mediaBase: string): MemberCard {
  return presentMemberCard(
    { account: row.account, profile: row.profile, mainPhoto: row.photo, liked: Boolean(row.liked), regionName: regionName(row.profile.country, row.profile.region) },
    viewer,
    mediaBase,
  )
}

/** Members matching conditions, newest activity first, after a cursor. */
export async function cardRows(db: Db, viewer: Viewer, where: SQL | undefined, opts: { hidden: number[]; after?: [string, number]; limit: number }): Promise<CardRow[]> {
  const conds = [listableMember(viewer, opts.hidden)]
  if (where) conds.push(where)
  if (opts.after) conds.push(sql`(${profiles.lastActiveAt}, ${profiles.accountId}) < (${opts.after[0]}::timestamptz, ${opts.after[1]})`)
  return (await pageOfCards(db, and(...conds), opts.limit, (accountId) => likedByViewer(viewer.pool, viewer.id, accountId))) as CardRow[]
}

/** Which rows of the search a card query reads: see searchCardRows. */
export interface SearchCardOptions {
  hidden: number[]
  after?: [string, number]
  limit: number
  blocksInQuery?: boolean
}

/**
 * The search's card query, one prepared statement per filter shape (member or visitor; which of gender, country,
 * region, min and max age are set; first page or after a cursor): the same rows as `cardRows(db, viewer,
 * filterConditions(filters), opts)`, but built once per database and shape and prepared on each connection, so
 * PostgreSQL parses and plans it once instead of on every request, and Drizzle does not build its SQL again
 * (decision 042, addendum). The conditions that never change are literals, not parameters, so that a generic
 * plan still proves the partial search indexes' `searchable` predicate; the excluded ids are one array parameter
 * (NOT IN with one parameter per id would be a new statement for every length of the block list).
 * With `blocksInQuery`, the members blocked either way are left out by the statement itself (a subquery on
 * `blocks`, run once per execution) instead of by `hidden`: the search then costs no query of its own for the block
 * list (decision 042, third addendum). `hidden` still leaves out any other ids given (the similar results leave out
 * the first page).
 */
export async function searchCardRows(
  db: Db,
  viewer: Viewer,
  filters: SearchFilters,
  opts: SearchCardOptions,
  today = new Date(),
): Promise<CardRow[]> {
  const { query, values } = searchCardStatement(db, viewer, filters, opts, today)
  return (await query.execute(values)) as CardRow[]
}

/** searchCardRows' prepared statement for this shape and the values of its placeholders (tests read its plan). */
export function searchCardStatement(
  db: Db,
  viewer: Viewer,
  filters: SearchFilters,
  opts: SearchCardOptions,
  today = new Date(),
) {
  const values = filterValues(filters, today)
  const member = viewer.id !== undefined
  const blocksInQuery = member && opts.blocksInQuery === true
  const shape = `${member ? (blocksInQuery ? 'b' : 'm') : 'v'}_${(['gender', 'country', 'region', 'bornBy', 'bornFrom'] as const).map((k) => (values[k] ? k[0] + k.slice(-1) : '')).join('')}_${opts.after ? 'after' : 'first'}`
  const query = cardQueries(db, () => buildCardQuery(db, `search_cards_${shape}`, member, blocksInQuery, filters, opts.after !== undefined), shape)
  return {
    query,
    values: {
      pool: viewer.pool,
      viewer: viewer.id ?? 0,
      exclude: member ? [viewer.id, ...opts.hidden] : opts.hidden,
      ...values,
      afterAt: opts.after?.[0],
      afterId: opts.after?.[1],
      limit: opts.limit,
    },
  }
}

function buildCardQuery(db: Db, name: string, member: boolean, blocksInQuery: boolean, filters: SearchFilters, after: boolean) {
  const p = (key: string) => sql.placeholder(key)
  const conds: SQL[] = [
    eq(profiles.pool, p('pool')),
    sql`${profiles.searchable}`,
    eq(accounts.pool, p('pool')),
    sql`${accounts.status} = 'active'`,
    sql`not ${accounts.invisible}`,
    sql`${profiles.accountId} <> all(${p('exclude')}::bigint[])`,
  ]
  // The block list of viewerContext, as an uncorrelated subquery: PostgreSQL runs it once per execution.
  if (blocksInQuery)
    conds.push(sql`${profiles.accountId} <> all(coalesce((select array_agg(case when b.blocker_id = ${p('viewer')} then b.blocked_id else b.blocker_id end)
      from ${blocks} b where b.pool = ${p('pool')} and (b.blocker_id = ${p('viewer')} or b.blocked_id = ${p('viewer')})), '{}'))`)
  if (!member) conds.push(sql`${accounts.createdAt} < now() - make_interval(hours => ${sql.raw(String(NEW_MEMBER_HIDDEN_FROM_VISITORS_HOURS))})`)
  const filter = filterConditions(filters, undefined, p)
  if (filter) conds.push(filter)
  if (after) conds.push(sql`(${profiles.lastActiveAt}, ${profiles.accountId}) < (${p('afterAt')}::timestamptz, ${p('afterId')})`)
  return pageOfCards(db, and(...conds), p('limit'), (accountId) => likedByViewer(p('pool'), member ? p('viewer') : undefined, accountId)).prepare(name)
}
const cardQueries = perDatabase<ReturnType<typeof buildCardQuery>>()

/** Cards of given members in the given order (those the viewer may not see are left out). */
export async function cardsByIds(db: Db, viewer: Viewer, ids: number[], hidden: number[], mediaBase: string): Promise<Map<number, MemberCard>> {
  const out = new Map<number, MemberCard>()
  if (ids.length === 0) return out
  const rows = (await db
    .select(cardColumns(viewer))
    .from(profiles)
    .innerJoin(accounts, eq(accounts.id, profiles.accountId))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.accountId, profiles.accountId), eq(photos.status, 'active')))
    .where(and(listableMember(viewer, hidden), inArray(profiles.accountId, ids)))) as CardRow[]
  for (const row of rows) out.set(row.account.id, presentCardRow(row, viewer, mediaBase))
  return out
}

export interface SearchResult {
  profiles: MemberCard[]
  next_cursor: string | null
  similar: MemberCard[]
}

/**
 * One page of search results, with similar results on a first page that has few. Without `hidden` the card queries
 * leave out the members blocked either way themselves (one query per page instead of two); with it, those ids.
 */
export async function searchMembers(db: Db, viewer: Viewer, filters: AppliedFilters, opts: { cursor?: [string, number]; mediaBase: string; pageSize?: number; hidden?: number[] }): Promise<SearchResult> {
  const pageSize = opts.pageSize ?? SEARCH_PAGE_SIZE
  const blocksInQuery = opts.hidden === undefined
  const hidden = opts.hidden ?? []
  const rows = await searchCardRows(db, viewer, filters, { hidden, after: opts.cursor, limit: pageSize + 1, blocksInQuery })
  const page = rows.slice(0, pageSize)
  const last = page[page.length - 1]
  const next_cursor = rows.length > pageSize && last ? encodeCursor([last.activeAt, last.account.id]) : null
  let similar: MemberCard[] = []
  if (!opts.cursor && rows.length < SIMILAR_BELOW) {
    // Every strict match is on this page, so leaving them out by id is exact.
    const relaxed: SearchFilters = {
      gender: filters.gender,
      min_age: Math.max(MIN_SEARCH_AGE, filters.min_age - SIMILAR_AGE_WIDENING),
      max_age: Math.min(MAX_SEARCH_AGE, filters.max_age + SIMILAR_AGE_WIDENING),
    }
    const more = await searchCardRows(db, viewer, relaxed, { hidden: [...hidden, ...page.map((r) => r.account.id)], limit: pageSize, blocksInQuery })
    similar = more.map((r) => presentCardRow(r, viewer, opts.mediaBase))
  }
  return { profiles: page.map((r) => presentCardRow(r, viewer, opts.mediaBase)), next_cursor, similar }
}
