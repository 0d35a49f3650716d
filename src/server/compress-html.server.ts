// Compression of rendered pages: one synchronous call on a string, cheaper per request than a stream.
import zlib from 'node:zlib'

/** The best encoding of br and gzip the client accepts (q=0 refuses), or undefined for none. */
export function preferredEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/** Brotli (quality 4) or gzip for an HTML body of over 1 KB, as the client accepts; undefined for none. */
export function compressHtml(body: string, acceptEncoding: string): { encoding: 'br' | 'gzip'; body: Buffer } | undefined {
  if (body.length < 1024) return undefined
  const encoding = preferredEncoding(acceptEncoding)
  if (encoding === 'br') return { encoding, body: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) }
  if (encoding === 'gzip') return { encoding, body: zlib.gzipSync(body, { level: 6 }) }
  return undefined
}
