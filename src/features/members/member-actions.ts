// The client calls of liking and blocking another member, shared by the profile, the likes page, the match
// finder and the like popup.
import { http } from '../../shared/http'
import type { MemberProfile } from '../../shared/discovery-contracts'

export interface LikeResult {
  liked: boolean
  match: boolean
}

/** POST /api/like.php likes, DELETE unlikes. */
export function setLike(id: number, like: boolean): Promise<LikeResult> {
  return like ? http<LikeResult>('/api/like.php', { method: 'POST', body: { id } }) : http<LikeResult>(`/api/like.php?id=${id}`, { method: 'DELETE' })
}

/** POST /api/block.php blocks, DELETE unblocks. */
export function setBlock(id: number, block: boolean): Promise<{ blocked: boolean }> {
  return block ? http<{ blocked: boolean }>('/api/block.php', { method: 'POST', body: { id } }) : http<{ blocked: boolean }>(`/api/block.php?id=${id}`, { method: 'DELETE' })
}

/** The profile after a like answer (a match needs their like too). */
export function withLike(profile: MemberProfile, res: LikeResult): MemberProfile {
  return { ...profile, liked: res.liked, match: res.match }
}

export const chatHref = (id: number) => `/members/${id}/chat`
export const giftHref = (id: number) => `/members/${id}/chat?gift=1`
