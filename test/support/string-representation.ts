import v8 from 'node:v8'

/**
 * How V8 stores a string: after its two header bytes, its serializer writes '"' for one byte a character, and 'c'
 * for two (after padding bytes of 0 that align the characters).
 */
export function representation(s: string): 'one-byte' | 'two-byte' {
  const bytes = v8.serialize(s)
  let i = 2
  while (bytes[i] === 0) i++
  const tag = String.fromCharCode(bytes[i]!)
  if (tag === '"') return 'one-byte'
  if (tag === 'c') return 'two-byte'
  throw new Error(`unexpected tag ${tag}`)
}
