// What the demo seed's modules share: the kinds of people it makes and its sizes and passwords.
import { INTEREST_KEYS } from '../../shared/tenant-schema'

export type Gender = 'male' | 'female'
export type Sexuality = 'hetero' | 'gay' | 'lesbian' | 'bi'
export type Interest = (typeof INTEREST_KEYS)[number]

export const FREE_PASSWORD = 'demo-free-123'
export const PREMIUM_PASSWORD = 'demo-premium-123'
export const PREMIUM_CREDITS = 250
export const BATCH = 100
export const IMAGE_CONCURRENCY = 4
export const FULL_SIZE = 512
export const THUMB_SIZE = 160
export const DAY = 86_400_000
