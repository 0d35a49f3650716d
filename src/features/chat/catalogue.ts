// The gifts and the built-in GIFs that ship with the product (files under public/static). Gift prices are
// multiples of the tenant's gift_credits; GIFs cost what a message costs.

export interface Gift {
  id: string
  /** Price as a multiple of the tenant's gift_credits. */
  factor: number
}

export const GIFTS: readonly Gift[] = [
  { id: 'rose', factor: 1 },
  { id: 'heart', factor: 1 },
  { id: 'chocolate', factor: 2 },
  { id: 'cocktail', factor: 2 },
  { id: 'teddy', factor: 3 },
  { id: 'champagne', factor: 4 },
  { id: 'diamond', factor: 8 },
]

export const giftImage = (id: string) => `/static/gifts/${id}.svg`

export interface BuiltinGif {
  id: string
  /** Search words (Dutch and English). */
  tags: string[]
  width: number
  height: number
}

export const BUILTIN_GIFS: readonly BuiltinGif[] = [
  { id: 'wave', tags: ['hoi', 'hallo', 'hi', 'hello', 'zwaai', 'wave'], width: 240, height: 240 },
  { id: 'heart-beat', tags: ['hart', 'liefde', 'heart', 'love'], width: 240, height: 240 },
  { id: 'wink', tags: ['knipoog', 'wink', 'flirt'], width: 240, height: 240 },
  { id: 'kiss', tags: ['kus', 'kusje', 'kiss'], width: 240, height: 240 },
  { id: 'laugh', tags: ['lach', 'haha', 'lol', 'laugh'], width: 240, height: 240 },
  { id: 'blush', tags: ['bloos', 'verlegen', 'blush', 'shy'], width: 240, height: 240 },
  { id: 'party', tags: ['feest', 'party', 'yay', 'hoera'], width: 240, height: 240 },
  { id: 'coffee', tags: ['koffie', 'coffee', 'date', 'afspraak'], width: 240, height: 240 },
  { id: 'sparkles', tags: ['wow', 'sterren', 'sparkle', 'mooi'], width: 240, height: 240 },
  { id: 'thumbs-up', tags: ['ok', 'top', 'duim', 'thumbs', 'yes', 'ja'], width: 240, height: 240 },
]

export const gifFile = (id: string) => `/static/gifs/${id}.gif`
export const gifPreview = (id: string) => `/static/gifs/${id}.gif`
