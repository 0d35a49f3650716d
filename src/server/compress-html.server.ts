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

const BROTLI_PARAMS = (size: number) => ({
  // Quality 2 with a 256 KB window: measured on the 16 KB landing page, 0.16 ms and 5.3 KB against 0.30 ms
  // and 4.8 KB at quality 4 (bench/ssr); pages are far smaller than the window.
  [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
})

/** Brotli or gzip for an HTML body of over 1 KB, as the client accepts; undefined for none. */
export function compressHtml(body: string, acceptEncoding: string): { encoding: 'br' | 'gzip'; body: Buffer } | undefined {
  if (body.length < 1024) return undefined
  const encoding = preferredEncoding(acceptEncoding)
  if (encoding === 'br') return { encoding, body: zlib.brotliCompressSync(body, { params: BROTLI_PARAMS(body.length) }) }
  if (encoding === 'gzip') return { encoding, body: zlib.gzipSync(body, { level: 3 }) }
  return undefined
}
