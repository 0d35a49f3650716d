// The client calls of liking and blocking another member, shared by the profile, the likes page, the match
// finder and the like popup.
import { callEndpoint } from '../../shared/api-client'
import type { EndpointResponse } from '../../shared/endpoint'
import type { MemberProfile } from '../../shared/discovery-contracts'
import { blockEndpoint, likeEndpoint, unblockEndpoint, unlikeEndpoint } from './endpoints'

export type LikeResult = EndpointResponse<typeof likeEndpoint>

/** POST /api/like.php likes, DELETE unlikes. */
export function setLike(id: number, like: boolean): Promise<LikeResult> {
  return like ? callEndpoint(likeEndpoint, { body: { id } }) : callEndpoint(unlikeEndpoint, { query: { id } })
}

/** POST /api/block.php blocks, DELETE unblocks. */
export function setBlock(id: number, block: boolean): Promise<EndpointResponse<typeof blockEndpoint>> {
  return block ? callEndpoint(blockEndpoint, { body: { id } }) : callEndpoint(unblockEndpoint, { query: { id } })
}

/** The profile after a like answer (a match needs their like too). */
export function withLike(profile: MemberProfile, res: LikeResult): MemberProfile {
  return { ...profile, liked: res.liked, match: res.match }
}

export { chatHref, giftHref } from './member-hrefs'
