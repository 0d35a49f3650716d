// Avatars: a DiceBear lorelei portrait matched to the member's looks, rendered to WebP (full size and thumbnail)
// into the media directory.
import crypto from 'node:crypto'
import { lorelei } from '@dicebear/collection'
import sharp from 'sharp'
import { createAvatar, type Style, type StyleOptions } from '@dicebear/core'
import { type Gender, FULL_SIZE, THUMB_SIZE } from './common'
import { Rng } from './random'
import type { MediaStorage } from '../../server/media-storage.server'

export const HAIR_HEX: Record<string, readonly string[]> = {
  blond: ['e3c07a', 'd6b062', 'f0d291'],
  brown: ['6b4226', '7a4b2a', '5a3820'],
  black: ['1f1b1a', '2b2626'],
  red: ['b0461e', 'c4562a'],
  grey: ['a8a8a8', 'c2c2c2', '8f8f8f'],
}
export const EYE_HEX: Record<string, string> = { blue: '3b6fb6', brown: '4b2e1a', green: '3e7d4a', grey: '6e7781', hazel: '8a6a32' }
export const SKIN_HEX = [['ffffff', 40], ['fbe9dd', 25], ['f5d7c3', 15], ['eec3a3', 10], ['d9a37b', 6], ['b67b52', 4]] as const
export const BACKGROUNDS = ['fde2e4', 'fad2e1', 'e2ece9', 'bee1e6', 'f0efeb', 'dfe7fd', 'cddafd', 'fff1e6', 'e9f5db', 'f8edeb', 'eae4e9', 'fce1e4']
export const v = (n: number) => `variant${String(n).padStart(2, '0')}`
// Lorelei hair variants sorted by look (checked on a contact sheet of all 48).
export const SHORT_HAIR = [2, 3, 4, 6, 7, 8, 11, 12, 20, 27, 36, 39, 43, 47].map(v)
export const BALD_HAIR = [25, 28, 34].map(v)
export const LONG_HAIR = [1, 5, 9, 10, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 26, 29, 30, 31, 32, 33, 35, 37, 38, 40, 41, 42, 44, 45, 46, 48].map(v)

export interface AvatarLook {
  seed: string
  gender: Gender
  age: number
  hairColour: string
  eyeColour: string
}

export type AvatarOptions = StyleOptions<typeof lorelei extends Style<infer O> ? O : never>

export function avatarSvg(look: AvatarLook, variant: number): string {
  const rng = new Rng(`${look.seed}#look${variant}`)
  const male = look.gender === 'male'
  const bald = look.hairColour === 'bald'
  const hairHex = bald ? (look.age >= 50 ? rng.pick(HAIR_HEX.grey) : rng.pick(HAIR_HEX.brown)) : rng.pick(HAIR_HEX[look.hairColour] ?? HAIR_HEX.brown)
  const browHex = look.hairColour === 'grey' || look.hairColour === 'blond' ? '6b5a4a' : hairHex
  const options = {
    seed: variant === 0 ? look.seed : `${look.seed}-${variant}`,
    size: FULL_SIZE,
    backgroundColor: [rng.pick(BACKGROUNDS)],
    hair: bald ? BALD_HAIR : male ? SHORT_HAIR : LONG_HAIR,
    hairColor: [hairHex],
    eyebrowsColor: [browHex],
    eyesColor: [EYE_HEX[look.eyeColour] ?? '000000'],
    skinColor: [rng.weighted(SKIN_HEX)],
    beardProbability: male ? 25 : 0,
    earringsProbability: male ? 5 : 35,
    hairAccessoriesProbability: male ? 0 : 10,
    glassesProbability: look.age >= 45 ? 30 : 10,
  } as AvatarOptions
  return createAvatar(lorelei, options).toString()
}

export interface StoredImage {
  filename: string
  thumbFilename: string
  blurredFilename: string
  width: number
  height: number
}

export const randomName = () => `${crypto.randomBytes(16).toString('hex')}.webp`

export async function renderAvatar(media: MediaStorage, look: AvatarLook, variant: number): Promise<StoredImage> {
  const svg = Buffer.from(avatarSvg(look, variant))
  const { data, info } = await sharp(svg).resize(FULL_SIZE, FULL_SIZE).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const image: StoredImage = { filename: randomName(), thumbFilename: randomName(), blurredFilename: randomName(), width: info.width, height: info.height }
  await Promise.all([
    sharp(data, raw).webp({ quality: 82 }).toBuffer().then((b) => media.put(image.filename, b)),
    sharp(data, raw).resize(THUMB_SIZE, THUMB_SIZE).webp({ quality: 80 }).toBuffer().then((b) => media.put(image.thumbFilename, b)),
    sharp(data, raw).blur(30).webp({ quality: 60 }).toBuffer().then((b) => media.put(image.blurredFilename, b)),
  ])
  return image
}

export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i], i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
