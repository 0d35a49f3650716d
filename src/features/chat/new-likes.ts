// The number of new likes for the title prefix and the app badge. The likes feature owns likes; until it
// registers its own source (registerNewLikesSource), this reads the like_new flags of GET /api/likes.php and
// counts 0 while that endpoint does not exist.
import { http, HttpError } from '../../shared/http'

export type NewLikesSource = () => Promise<number>

interface LikesAnswer {
  liked_by?: Array<{ like_new?: boolean | number }>
}

let unavailable = false

/** The default source: new flags among the received likes; 0 (and no further calls) without the endpoint. */
export const likesEndpointSource: NewLikesSource = async () => {
  if (unavailable) return 0
  try {
    const answer = await http<LikesAnswer>('/api/likes.php', { retries: 0 })
    return (answer.liked_by ?? []).filter((l) => Boolean(l.like_new)).length
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) {
      unavailable = true
      return 0
    }
    throw err
  }
}

let source: NewLikesSource = likesEndpointSource

/** Lets the likes feature provide the count (for example from its own store). */
export function registerNewLikesSource(fn: NewLikesSource) {
  source = fn
}

export const loadNewLikes = () => source()
