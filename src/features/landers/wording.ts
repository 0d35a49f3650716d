// The wording of a lander from the catalogues: whom it is about (the niche, or whom the slug names), where (the
// slug's place, or near the visitor), and the line the slug's words choose (dating, chat, flirt, contact).
import type { TFunction } from 'i18next'
import type { LanderResponse } from './lander-contract'

export type LanderTextInput = Pick<LanderResponse, 'design' | 'prefix' | 'place' | 'intent' | 'gender'>

export interface LanderTexts {
  audience: string
  where: string
  title: string
  intent: string
  cta: string
}

/** The audience key: the niche's, or on a general lander whom the slug names. */
function audienceKey(d: LanderTextInput): string {
  if (d.prefix !== 'none') return d.prefix
  return d.gender === 'female' ? 'women' : d.gender === 'male' ? 'men' : 'none'
}

export function landerTexts(t: TFunction, d: LanderTextInput, site: string): LanderTexts {
  const audience = t(`landers.audience.${audienceKey(d)}`)
  const where = d.place ? t('landers.where_place', { place: d.place.name }) : t('landers.where_near')
  return {
    audience,
    where,
    title: capitalize(t(`landers.${d.design}.title`, { audience, where, site })),
    intent: t(`landers.intent.${d.intent}`, { site }),
    cta: t(`landers.${d.design}.cta`),
  }
}

/** A headline may start with the audience ("rijpe vrouwen in Amsterdam: ..."): its first letter is a capital. */
function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1)
}
