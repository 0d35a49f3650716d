// The niche codes of SPEC.md sections 1 and 9 (1 to 7: the landers' slug prefixes), without zod: the landers'
// route functions run in every page's browser bundle, which must not pull the schema library in (decision 029).
export const NICHES = { 1: 'none', 2: 'she', 3: 'bdsm', 4: 'bbw', 5: 'gilf', 6: 'milf', 7: 'gay' } as const
export type NicheCode = keyof typeof NICHES
