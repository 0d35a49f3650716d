// A lander's slug (`milf-amsterdam`, `gay-chat`, `bbw`, `dating-utrecht`) read into what the lander shows: the niche,
// a place, and the words that choose its wording. Pure: the places come from the caller (the tenant's countries).
import { NICHES, type NicheCode } from '../../shared/niches'
import { slugify, type LanderPlace } from './places'

/** The nine landers of SPEC.md section 2; all but tinderswipe take a slug. */
export const LANDER_DESIGNS = ['alonetonight', 'collagelanding', 'gallery', 'iconslanding', 'maplanding', 'socialnetwork', 'transitionsvideolanding', 'video', 'tinderswipe'] as const
export type LanderDesign = (typeof LANDER_DESIGNS)[number]
export const SLUGLESS_DESIGNS: readonly LanderDesign[] = ['tinderswipe']

export type NichePrefix = (typeof NICHES)[NicheCode]
/** What the lander's wording is about: the slug's words choose it, dating when they do not. */
export const INTENTS = ['date', 'chat', 'flirt', 'meet'] as const
export type Intent = (typeof INTENTS)[number]

export interface LanderWords {
  intent: Intent
  /** Whom the visitor wants to see, where the slug says (vrouwen, men, frauen). */
  gender?: 'female' | 'male'
}

export interface ParsedSlug {
  niche: NicheCode
  place?: LanderPlace
  words: LanderWords
  /** The slug as read (lowercase, at most 80 characters), '' for none or an unreadable one. */
  slug: string
  /** Whether any part of the slug was understood; an unknown slug gets the tenant's default wording. */
  known: boolean
}

const PREFIX_TO_NICHE = new Map<string, NicheCode>(
  (Object.entries(NICHES) as [string, NichePrefix][]).filter(([, p]) => p !== 'none').map(([code, p]) => [p, Number(code) as NicheCode]),
)

const INTENT_WORDS: Record<Intent, readonly string[]> = {
  date: ['dating', 'date', 'dates', 'daten', 'datingsite', 'relatie', 'liefde', 'love', 'partner', 'singles', 'single', 'rencontre', 'rencontres', 'amour', 'beziehung', 'liebe'],
  chat: ['chat', 'chatten', 'chats', 'chatbox', 'webcam', 'cam', 'video', 'videochat', 'praten', 'tchat'],
  flirt: ['flirt', 'flirten', 'flirts', 'flirter', 'drague', 'spannend'],
  meet: ['contact', 'contacten', 'contacts', 'kontakt', 'kontakte', 'sexdate', 'sexdating', 'sexcontact', 'ontmoeten', 'ontmoeting', 'meet', 'meeting', 'treffen', 'afspraak', 'hookup', 'avontuur', 'affaire', 'affair', 'casual'],
}
const GENDER_WORDS: Record<'female' | 'male', readonly string[]> = {
  female: ['vrouwen', 'vrouw', 'women', 'woman', 'frauen', 'frau', 'femmes', 'femme', 'ladies', 'lady', 'dames', 'meiden', 'meisjes', 'girls'],
  male: ['mannen', 'man', 'men', 'maenner', 'manner', 'hommes', 'homme', 'heren', 'jongens', 'guys', 'boys'],
}
const WORD_INDEX = new Map<string, { intent?: Intent; gender?: 'female' | 'male' }>()
for (const [intent, words] of Object.entries(INTENT_WORDS) as [Intent, readonly string[]][]) for (const w of words) WORD_INDEX.set(w, { intent })
for (const [gender, words] of Object.entries(GENDER_WORDS) as ['female' | 'male', readonly string[]][]) for (const w of words) WORD_INDEX.set(w, { gender })

/** The longest run of slug words naming a place. */
const MAX_PLACE_WORDS = 4

/** One lookup table per places list (the tenant's countries): slug form -> place, first listed wins. */
const indexes = new WeakMap<readonly LanderPlace[], Map<string, LanderPlace>>()
function placeIndex(places: readonly LanderPlace[]): Map<string, LanderPlace> {
  let index = indexes.get(places)
  if (!index) {
    index = new Map()
    for (const p of places) {
      for (const k of [p.key, ...(p.aliases ?? [])].map(slugify)) if (k && !index.has(k)) index.set(k, p)
    }
    indexes.set(places, index)
  }
  return index
}

/**
 * Reads a slug. The first word may be a niche prefix (she, bdsm, bbw, gilf, milf, gay): it chooses the niche on a
 * general tenant (niche 1); a niche tenant always answers with its own niche. A run of words may name a place of
 * the tenant's countries; other words choose the wording (chat, flirt, dating, contact) and whom to show (vrouwen,
 * men). Words it does not know are left out; nothing here fails.
 */
export function parseLanderSlug(raw: string | undefined, tenantNiche: NicheCode, places: readonly LanderPlace[]): ParsedSlug {
  let slug = ''
  try {
    slug = slugify(decodeURIComponent(raw ?? '')).slice(0, 80).replace(/-+$/, '')
  } catch {
    slug = ''
  }
  const tokens = slug ? slug.split('-') : []
  let known = false
  let niche: NicheCode = tenantNiche
  if (tokens.length > 0 && PREFIX_TO_NICHE.has(tokens[0])) {
    known = true
    if (tenantNiche === 1) niche = PREFIX_TO_NICHE.get(tokens[0])!
    tokens.shift()
  }
  const index = placeIndex(places)
  let place: LanderPlace | undefined
  const rest: string[] = []
  for (let i = 0; i < tokens.length; ) {
    let matched = 0
    if (!place) {
      for (let n = Math.min(MAX_PLACE_WORDS, tokens.length - i); n >= 1; n--) {
        const hit = index.get(tokens.slice(i, i + n).join('-'))
        if (hit) {
          place = hit
          matched = n
          break
        }
      }
    }
    if (matched) {
      known = true
      i += matched
    } else {
      rest.push(tokens[i])
      i += 1
    }
  }
  const words: LanderWords = { intent: 'date' }
  let intentSet = false
  for (const token of rest) {
    const hit = WORD_INDEX.get(token)
    if (!hit) continue
    known = true
    if (hit.intent && !intentSet) {
      words.intent = hit.intent
      intentSet = true
    }
    if (hit.gender && !words.gender) words.gender = hit.gender
  }
  return { niche, place, words, slug, known }
}
