// The number of new likes for the title prefix and the app badge. The likes feature owns likes; until it
// registers its own source (registerNewLikesSource), this reads the like_new flags of GET /api/likes.php when
// the API describes that endpoint (/api/openapi.json, checked once per tab), and counts 0 otherwise: asking an
// endpoint that does not exist would put a 404 in the console of every page.
import { http } from '../../shared/http'

export type NewLikesSource = () => Promise<number>

interface LikesAnswer {
  liked_by?: Array<{ like_new?: boolean | number }>
}

const LIKES_PATH = '/api/likes.php'
const CHECK_KEY = 'api-has-likes'
let known: Promise<boolean> | undefined

/** Whether the server offers GET /api/likes.php; remembered for the tab (session storage) and the page. */
export function likesEndpointExists(): Promise<boolean> {
  known ??= (async () => {
    const stored = safeSession()?.getItem(CHECK_KEY)
    if (stored === 'yes' || stored === 'no') return stored === 'yes'
    const doc = await http<{ paths?: Record<string, { get?: unknown }> }>('/api/openapi.json', { retries: 1 })
    const exists = Boolean(doc.paths?.[LIKES_PATH]?.get)
    safeSession()?.setItem(CHECK_KEY, exists ? 'yes' : 'no')
    return exists
  })().catch(() => {
    known = undefined
    return false
  })
  return known
}

function safeSession(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** The default source: new flags among the received likes; 0 while the endpoint does not exist. */
export const likesEndpointSource: NewLikesSource = async () => {
  if (!(await likesEndpointExists())) return 0
  const answer = await http<LikesAnswer>(LIKES_PATH, { retries: 0 })
  return (answer.liked_by ?? []).filter((l) => Boolean(l.like_new)).length
}

let source: NewLikesSource = likesEndpointSource

/** Lets the likes feature provide the count (for example from its own store). */
export function registerNewLikesSource(fn: NewLikesSource) {
  source = fn
}

export const loadNewLikes = () => source()
