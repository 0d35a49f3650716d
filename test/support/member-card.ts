// A member as the API gives them to a card (MemberCard), for component tests: "Lid <id>", 30 + id years, in
// Utrecht, with a public photo whose file name is made of the id.
import type { MemberCard } from '../../src/shared/discovery-contracts'

export function memberCard(id: number, over: Partial<MemberCard> = {}): MemberCard {
  return {
    id,
    name: `Lid ${id}`,
    age: 30 + id,
    gender: 'female',
    country: 'NL',
    region: null,
    region_name: null,
    city: 'Utrecht',
    fictional: false,
    liked: false,
    main_image: { id, thumb_filename: `/media/${String(id).padStart(32, 'a')}.webp`, filename: `/media/${String(id).padStart(32, 'a')}.webp`, locked: false, visibility: 'public' },
    ...over,
  }
}
