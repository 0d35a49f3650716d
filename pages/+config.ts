// https://vike.dev/config
import type { Config } from 'vike/types'

export default {
  clientRouting: true,
  hydrationCanBeAborted: true,
  // The tenant goes as JSON made once per tenant (tenantJson), not walked by Vike's serializer on every page.
  passToClient: ['tenantJson', 'user', 'lng', 'i18nBundleUrl'],
  meta: {
    // Which layout of SPEC.md section 2 wraps the page.
    layout: { env: { server: true, client: true } },
    // The page's title: a translation key or a function of the pageContext.
    title: { env: { server: true, client: true } },
    // 'intent': for a visitor without a session the page runs its JavaScript only once the visitor acts (decision 052).
    hydration: { env: { server: true } },
  },
} satisfies Config
