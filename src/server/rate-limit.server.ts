// Fixed-window rate limits kept in the database (shared by every instance).
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.server'

/** Counts one hit on key; false when the window's limit is exceeded. */
export async function rateLimitHit(db: Db, key: string, limit: number, windowSeconds: number): Promise<boolean> {
  const res = (await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count`)) as unknown as { rows: { count: number }[] }
  return Number(res.rows[0].count) <= limit
}
