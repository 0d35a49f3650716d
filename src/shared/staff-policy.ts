// The console's one policy (decision 028): which staff role may do which console action. Every console endpoint
// names its action in its definition (`staffAction`), and route() (src/server/endpoint.server.ts) refuses the call
// with 403 forbidden unless this table allows it for the caller's role. The browser reads the same table only to
// show or hide links; the server's check is the one that counts. Tested for every action x every role through the
// HTTP API (test/api/console-policy.test.ts).

export const STAFF_ROLES = ['admin', 'moderator', 'marketer', 'support', 'chat_operator'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const STAFF_ACTIONS = [
  /** Who am I, which actions are mine (the console's frame). */
  'console.view',
  /** The tenants with their numbers per day. */
  'overview.view',
  /** Look members up by e-mail, name or id. */
  'members.search',
  /** A member's profile, photos, ledger, payments, complaints and logins. */
  'members.view',
  'members.ban',
  'members.unban',
  /** A ledger entry with a reason. */
  'credits.correct',
  /** The photo queue (/admin/photos). */
  'photos.review',
  /** The queue of members' profile texts (about, looking for) waiting for review (/admin/texts). */
  'texts.review',
  'complaints.view',
  /** Status and assignment. */
  'complaints.update',
  /** A reply to the complainant by e-mail. */
  'complaints.reply',
  /** The audit log. */
  'audit.view',
  /** The marketers' lander gallery and the traffic figures (/admin/landers, decision 029). */
  'landers.view',
  /** The newsletter subscribers with their consent, as CSV (decision 031). */
  'newsletter.export',
  /** The chat operators' queue of conversations waiting for a fictional profile, and taking one (a claim). */
  'operator.queue',
  /** Writing as the fictional profile of a claimed conversation (reply, typing) and the notes about its member. */
  'operator.reply',
  /**
   * Marking the member of a conversation vulnerable (the ACM commitments): the member is told plainly that staff
   * answer the fictional profiles, and cannot send them paid messages until staff review it.
   */
  'operator.vulnerable',
  /** The staff review of a member marked vulnerable: lifting the mark (support and admins, never the operator). */
  'members.vulnerable_review',
  /** The tenants' orders and payments, filtered (/admin/payments). */
  'payments.view',
  /** Refunding a paid payment through its provider; the credits it added go back through the ledger. */
  'payments.refund',
  /** Every tenant with its domains, niche, pool, languages and state (/admin/tenants). */
  'tenants.view',
  /** Switching a tenant off for maintenance and on again (its tenant file, decision 027). */
  'tenants.maintenance',
  /** The staff accounts, and making one (the rules of npm run staff:create). */
  'staff.manage',
] as const
export type StaffAction = (typeof STAFF_ACTIONS)[number]

const ALL = STAFF_ROLES
/**
 * The table: action -> the roles allowed. A role not listed is refused. Admin may do everything; moderators keep
 * the community clean (photos, profile texts, bans); support helps members (lookups, bans and unbans, credits, complaints);
 * marketers see the numbers; chat operators answer members as the fictional profiles of their pool.
 */
export const POLICY: Record<StaffAction, readonly StaffRole[]> = {
  'console.view': ALL,
  'overview.view': ['admin', 'marketer'],
  'members.search': ['admin', 'moderator', 'support'],
  'members.view': ['admin', 'moderator', 'support'],
  'members.ban': ['admin', 'moderator', 'support'],
  'members.unban': ['admin', 'support'],
  'credits.correct': ['admin', 'support'],
  'photos.review': ['admin', 'moderator'],
  'texts.review': ['admin', 'moderator'],
  'complaints.view': ['admin', 'support'],
  'complaints.update': ['admin', 'support'],
  'complaints.reply': ['admin', 'support'],
  'audit.view': ['admin'],
  'landers.view': ['admin', 'marketer'],
  'newsletter.export': ['admin', 'marketer'],
  'operator.queue': ['admin', 'chat_operator'],
  'operator.reply': ['admin', 'chat_operator'],
  'operator.vulnerable': ['admin', 'chat_operator'],
  'members.vulnerable_review': ['admin', 'support'],
  'payments.view': ['admin', 'support'],
  'payments.refund': ['admin'],
  'tenants.view': ['admin', 'marketer'],
  'tenants.maintenance': ['admin'],
  'staff.manage': ['admin'],
}

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === 'string' && (STAFF_ROLES as readonly string[]).includes(role)
}

/** Whether a role may do an action; anything not a staff role (a member) may do none. */
export function can(role: unknown, action: StaffAction): boolean {
  return isStaffRole(role) && POLICY[action].includes(role)
}

/** The actions a role may do (what the console shows it). */
export function actionsOf(role: unknown): StaffAction[] {
  return STAFF_ACTIONS.filter((a) => can(role, a))
}

/**
 * The pools a staff member works on: an admin the whole network, every other role only the pool of its own
 * account (staff:create --tenant). Nothing of another pool reaches them: lookups, members, complaints and the
 * overview are filtered by this, and a member of another pool answers not_found.
 */
export function poolsOf(staff: { role: string; pool: string }, allPools: readonly string[]): string[] {
  return staff.role === 'admin' ? [...allPools] : allPools.includes(staff.pool) ? [staff.pool] : []
}

/** Every pool of the network's tenants. */
export function allPools(tenants: readonly { pool: string }[]): string[] {
  return [...new Set(tenants.map((t) => t.pool))].sort()
}
