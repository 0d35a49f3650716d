// Configuration: read from the environment once at start, validated; bad config stops the server.
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import ipaddr from 'ipaddr.js'

/** An IPv4/IPv6 address or CIDR range, as proxy-addr (Fastify's trustProxy) takes them. */
function isAddressOrRange(value: string): boolean {
  if (ipaddr.isValid(value)) return true
  try {
    ipaddr.parseCIDR(value)
    return true
  } catch {
    return false
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  /** Prefix of the Redis channel and keys, so several deployments can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{0,40}$/, 'letters, digits, colons, dashes and underscores').default(''),
  /**
   * Media on S3-compatible object storage instead of DATA_DIR/media (needed with more than one instance):
   * s3://KEY:SECRET@host:port/bucket?region=eu-west-1&forcePathStyle=true (tls=false for a plain-http endpoint).
   */
  MEDIA_S3_URL: z.string().regex(/^s3:\/\/[^/]*\/[^/?]+/, 'must look like s3://KEY:SECRET@host:port/bucket?region=...').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  /** Hosts not matching any tenant resolve to this tenant id (useful behind a proxy). */
  DEFAULT_TENANT: z.string().optional(),
  /**
   * Which proxies' X-Forwarded-For is believed for the client address (per-address limits, GeoIP): `false`, a
   * hop count, or a comma-separated list of addresses and CIDR ranges. `true` (any sender) is refused: anyone
   * could then pick their own address and escape every per-address limit.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): false | number | string[] => {
      const value = v.trim()
      if (value === 'false') return false
      if (/^\d+$/.test(value)) return Number(value)
      if (value === 'true') {
        ctx.addIssue({ code: 'custom', message: '"true" would trust any sender; give the proxy addresses or CIDR ranges (127.0.0.1,10.0.0.0/8) or a hop count' })
        return z.NEVER
      }
      const list = value.split(',').map((x) => x.trim()).filter(Boolean)
      const bad = list.filter((x) => !isAddressOrRange(x))
      if (bad.length || list.length === 0) {
        ctx.addIssue({ code: 'custom', message: `not an address or CIDR range: ${bad.join(', ') || '(empty)'}` })
        return z.NEVER
      }
      return list
    }),
  /** Skip loading the demo members on first start. */
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** How many fictional demo members each member pool gets on first start. */
  SEED_MEMBERS_PER_POOL: z.coerce.number().int().min(0).max(100000).default(320),
  /** How links in e-mails reach a tenant: {domain} is its first domain, {id} its id. */
  PUBLIC_URL: z.string().regex(/^https?:\/\/.*\{(domain|id)\}/, 'must be a URL template with {domain} or {id}').default('https://{domain}'),
  /** Serve the dev mailbox at /dev/mail (on by default in development, never needed with SMTP_URL). */
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  /** Shared secret of the mail provider's bounce and complaint webhook (POST /api/mail-events.php); unset disables it. */
  MAIL_EVENTS_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  /** Run the job worker (mail, purges) inside the web server; set false when `npm run worker` runs it. */
  RUN_JOBS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** GIPHY API key: the GIF picker searches GIPHY; without it the built-in catalogue. */
  GIPHY_API_KEY: z.string().min(8, 'at least 8 characters').optional(),
  /** GIPHY's API address (tests point it at a local fake). */
  GIPHY_API_URL: z.string().regex(/^https?:\/\/[^/]+/, 'must be an http(s) address').default('https://api.giphy.com'),
  // Signups per client address per hour (a shared office or the e2e run may need more).
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(10),
  // Logins per client address per 5 minutes, whatever the account (the same: an office behind one address, the e2e run).
  LOGINS_PER_ADDRESS_PER_5_MINUTES: z.coerce.number().int().min(1).max(100000).default(30),
  /** Tests only: push to any https address, loopback and private networks included (refused in production). */
  PUSH_ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Tests only: postbacks to any http(s) address, loopback and private networks included (refused in production). */
  POSTBACK_ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Mollie API key (test_... or live_...): payments go through Mollie; without it the built-in test provider. */
  MOLLIE_API_KEY: z.string().regex(/^(test|live)_\w{20,}$/, 'must be a Mollie API key (test_... or live_...)').optional(),
  /** Mollie's API address (tests point it at a local fake); must be https. */
  MOLLIE_API_URL: z.string().regex(/^https:\/\/[^/]+/, 'must be an https address').optional(),
  /** Memory of the rendered-HTML cache of anonymous pages, in MB (docs/decisions/033); 0 switches it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  FRAGMENT_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(16),
  /**
   * Host names of the marketers' preview site (comma-separated): there, and on localhost and *.localhost in
   * development, GET /api/settings.php?forced_domain=<tenant domain> answers that tenant's settings. Ignored elsewhere.
   */
  PREVIEW_HOSTS: z.string().regex(/^[a-z0-9.,-]*$/, 'host names separated by commas').default(''),
  /**
   * Server processes on this host (decision 048): `auto` is one per CPU, a number that many. More than one needs
   * DATABASE_URL and REDIS_URL: the processes share the port, PostgreSQL holds the state and Redis carries live
   * events between them, as between instances behind a load balancer.
   */
  WEB_CONCURRENCY: z
    .string()
    .default('1')
    .transform((v, ctx): number => {
      const value = v.trim()
      if (value === 'auto') return os.availableParallelism()
      if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64) return Number(value)
      ctx.addIssue({ code: 'custom', message: '"auto" (one process per CPU) or a number from 1 to 64' })
      return z.NEVER
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Config = ReturnType<typeof loadConfig>

/** Parses the environment or throws an error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''))
  const parsed = envSchema.safeParse(cleaned)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  if (c.PUSH_ALLOW_PRIVATE_HOSTS && c.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  PUSH_ALLOW_PRIVATE_HOSTS: only for tests, never with NODE_ENV=production')
  }
  if (c.POSTBACK_ALLOW_PRIVATE_HOSTS && c.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  POSTBACK_ALLOW_PRIVATE_HOSTS: only for tests, never with NODE_ENV=production')
  }
  if (c.WEB_CONCURRENCY > 1 && (!c.DATABASE_URL || !c.REDIS_URL)) {
    const missing = [!c.DATABASE_URL && 'DATABASE_URL (the embedded database belongs to one process)', !c.REDIS_URL && 'REDIS_URL (live events between the processes)'].filter(Boolean)
    throw new Error(`Invalid configuration:\n  WEB_CONCURRENCY: ${c.WEB_CONCURRENCY} server processes need ${missing.join(' and ')}; leave it at 1 without them`)
  }
  const dataDir = path.resolve(c.DATA_DIR)
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    mediaS3Url: c.MEDIA_S3_URL,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    redisPrefix: c.REDIS_PREFIX,
    smtpUrl: c.SMTP_URL,
    defaultTenant: c.DEFAULT_TENANT,
    trustProxy: c.TRUST_PROXY,
    /**
     * From PUBLIC_URL, never from the request: an https site gets Secure cookies, the session cookie under the
     * __Host- prefix (host-only, path /, Secure, enforced by browsers), HSTS and upgrade-insecure-requests.
     */
    secureCookies: c.PUBLIC_URL.startsWith('https://'),
    sessionCookie: c.PUBLIC_URL.startsWith('https://') ? '__Host-sid' : 'sid',
    seedDemo: c.SEED_DEMO,
    seedMembersPerPool: c.SEED_MEMBERS_PER_POOL,
    logLevel: c.LOG_LEVEL,
    publicUrl: c.PUBLIC_URL,
    mailEventsSecret: c.MAIL_EVENTS_SECRET,
    runJobs: c.RUN_JOBS,
    /** Server processes sharing the port (WEB_CONCURRENCY); 1 is this process alone. */
    workers: c.WEB_CONCURRENCY,
    giphyApiKey: c.GIPHY_API_KEY,
    giphyApiUrl: c.GIPHY_API_URL,
    signupsPerAddressPerHour: c.SIGNUPS_PER_ADDRESS_PER_HOUR,
    loginsPerAddressPer5Minutes: c.LOGINS_PER_ADDRESS_PER_5_MINUTES,
    pushAllowPrivateHosts: c.PUSH_ALLOW_PRIVATE_HOSTS,
    postbackAllowPrivateHosts: c.POSTBACK_ALLOW_PRIVATE_HOSTS,
    mollieApiKey: c.MOLLIE_API_KEY,
    mollieApiUrl: c.MOLLIE_API_URL,
    pageCacheBytes: c.PAGE_CACHE_MB * 1024 * 1024,
    fragmentCacheBytes: c.FRAGMENT_CACHE_MB * 1024 * 1024,
    previewHosts: c.PREVIEW_HOSTS.split(',').filter(Boolean),
    devMailbox: c.DEV_MAILBOX ? c.DEV_MAILBOX === 'true' : c.NODE_ENV === 'development',
  }
}
