// The discovery API, one definition per endpoint (docs/decisions/016-endpoint-contracts.md): search, member
// profiles, likes, blocks, match finder and swipe game. Handlers: routes.server.ts; the pages call
// these through src/shared/api-client.ts. Behaviour: docs/decisions/012-discovery-api.md.
import { defineEndpoint } from '../../shared/endpoint'
import {
  autoLikeResponse,
  blockedListResponse,
  blockResponse,
  likeResponse,
  likesRequest,
  likesResponse,
  matchFinderResponse,
  memberIdRequest,
  memberLandingResponse,
  memberResponse,
  searchRequest,
  searchResponse,
  skipRequest,
  skipResponse,
  swipeGameResponse,
  swipeRequest,
  swipeResponse,
} from '../../shared/discovery-contracts'

export const searchEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/search.php',
  summary: 'Search members (the tenant\'s search_fields decide which filters count); 403 signup_required when logged-out search is off',
  session: 'optional',
  query: searchRequest,
  response: searchResponse,
  errors: ['signup_required'],
})

export const memberEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/member.php',
  summary: 'A member profile; the public view (blurred) when logged out; clears the new-like flag',
  session: 'optional',
  query: memberIdRequest,
  response: memberResponse,
  errors: ['not_found'],
})

export const memberLandingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/member-landing.php',
  summary: 'A member and a few others for the member landings, public view when logged out',
  session: 'optional',
  query: memberIdRequest,
  response: memberLandingResponse,
  errors: ['not_found'],
})

export const likeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/like.php',
  summary: 'Like a member; answers liked and match',
  session: 'member',
  body: memberIdRequest,
  response: likeResponse,
  errors: ['not_found'],
})

export const unlikeEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/like.php',
  summary: 'Unlike a member',
  session: 'member',
  query: memberIdRequest,
  response: likeResponse,
  errors: [],
})

export const likesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/likes.php',
  summary: 'Likes received, given or matches, page by page, with liked_by and new_likes',
  session: 'member',
  query: likesRequest,
  response: likesResponse,
  errors: [],
})

export const autoLikeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/auto-like.php',
  summary: 'A fictional member likes the member (at most once per 3 hours); profile null otherwise',
  session: 'member',
  response: autoLikeResponse,
  errors: [],
})

export const blockedListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/block.php',
  summary: 'The members the member blocked',
  session: 'member',
  response: blockedListResponse,
  errors: [],
})

export const blockEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/block.php',
  summary: 'Block a member',
  session: 'member',
  body: memberIdRequest,
  response: blockResponse,
  errors: ['not_found'],
})

export const unblockEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/block.php',
  summary: 'Unblock a member',
  session: 'member',
  query: memberIdRequest,
  response: blockResponse,
  errors: [],
})

export const matchFinderEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/match-finder.php',
  summary: 'The next profile from the search filters not liked or skipped, and the one after',
  session: 'member',
  query: searchRequest,
  response: matchFinderResponse,
  errors: [],
})

export const skipEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/match-finder.php',
  summary: 'Skip a member in the match finder (a like goes through like.php)',
  session: 'member',
  body: skipRequest,
  response: skipResponse,
  errors: ['not_found'],
})

export const swipeGameEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/swipe-game.php',
  summary: 'Swipe-game cards (search filters as query), likes left today and the reset time',
  session: 'member',
  query: searchRequest,
  response: swipeGameResponse,
  errors: [],
})

export const swipeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/swipe.php',
  summary: 'Swipe like or skip; 429 swipe_limit after 4 likes a day (reset at midnight Europe/Amsterdam)',
  session: 'member',
  body: swipeRequest,
  response: swipeResponse,
  errors: ['not_found', 'swipe_limit'],
})
