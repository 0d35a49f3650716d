// The discount offered instead of deleting the account (SPEC.md section 3: company delete_discount): a personal
// code for the member's next credit bundle, made once per member.
import crypto from 'node:crypto'
import { and, eq, like, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { discountCodes, profiles } from '../../db/schema'
import type { Tenant } from '../../shared/tenant-schema'
import type { DiscountCode } from '../../shared/contracts'

/** Codes of this offer start with this, which is how a member's earlier one is found. */
export const STAY_CODE_PREFIX = 'STAY-'
/** How long the code may be used. */
export const STAY_DISCOUNT_DAYS = 30
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

const randomCode = () => STAY_CODE_PREFIX + Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('')

type Row = typeof discountCodes.$inferSelect
const DAY_MS = 24 * 3600 * 1000
const present = (row: Row): DiscountCode => ({
  code: row.code,
  country: row.country,
  user_id: row.accountId,
  expires: row.expiresAt ? row.expiresAt.toISOString() : null,
  value_percentage: row.valuePercentage,
  currency: row.currency,
  minimum_order_value: row.minimumOrderValueCents === null ? null : row.minimumOrderValueCents / 100,
  status: row.status,
  validity: row.expiresAt ? Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / DAY_MS) : null,
  expired: row.expiresAt !== null && row.expiresAt.getTime() <= Date.now(),
  paymentmethods: row.paymentMethods,
})

/**
 * The member's stay discount: the one made before, or a new code at the tenant's delete_discount percentage,
 * for the member's country and its currency. Undefined when the tenant offers none.
 */
export async function claimStayDiscount(db: Db, opts: { tenant: Tenant; account: { id: number; pool: string } }): Promise<DiscountCode | undefined> {
  const { tenant, account } = opts
  const percentage = tenant.company.delete_discount
  if (percentage <= 0) return undefined
  return db.transaction(async (tx) => {
    // The account row is locked, so two clicks at once still make one code.
    await tx.execute(sql`select id from accounts where id = ${account.id} for update`)
    const [existing] = await tx
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.pool, account.pool), eq(discountCodes.accountId, account.id), like(discountCodes.code, `${STAY_CODE_PREFIX}%`)))
    if (existing) return present(existing)
    const [profile] = await tx.select({ country: profiles.country }).from(profiles).where(eq(profiles.accountId, account.id))
    const country = profile?.country ?? Object.keys(tenant.countries)[0]
    const [row] = await tx
      .insert(discountCodes)
      .values({
        pool: account.pool,
        code: randomCode(),
        country,
        accountId: account.id,
        expiresAt: new Date(Date.now() + STAY_DISCOUNT_DAYS * DAY_MS),
        valuePercentage: percentage,
        currency: tenant.credits.minimum_message_costs[country]?.currency ?? 'EUR',
        status: 'active',
      })
      .returning()
    return present(row)
  })
}
