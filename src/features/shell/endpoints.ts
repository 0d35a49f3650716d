// The page-hidden beacon (SPEC.md section 7): POST /api/page-hidden.php with an empty JSON body, sent by
// navigator.sendBeacon when the page becomes hidden. With the query flag lb (section 9) the browser adds where and
// when the visitor left, and the server keeps it as a page bounce for the tenant's operators.
// Handler: routes.server.ts; sender: src/shared/page-hidden.ts.
import { z } from 'zod'
import { defineEndpoint } from '../../shared/endpoint'
import { PAGE_HIDDEN_PATH } from '../../shared/page-hidden'

export const pageHiddenQuery = z.object({
  /** Page-bounce logging: set when the visitor arrived with ?lb=1. */
  lb: z.enum(['1']).optional(),
  /** The page's path (without query), for a bounce. */
  path: z.string().startsWith('/').max(500).optional(),
  /** Milliseconds from loading the page to hiding it, for a bounce. */
  ms: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
})

export const pageHiddenEndpoint = defineEndpoint({
  method: 'POST',
  path: PAGE_HIDDEN_PATH,
  summary: 'The page became hidden (a beacon); with lb=1 a page bounce is logged for the tenant. Answers 204',
  session: 'optional',
  query: pageHiddenQuery,
  // The body is an empty JSON object; anything else in it is ignored.
  body: z.object({}).optional(),
  response: z.null(),
  errors: [],
})
