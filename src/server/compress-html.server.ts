// Compression of rendered pages: one call on the whole body (cheaper per request than a stream), on libuv's pool.
import zlib from 'node:zlib'
import { promisify } from 'node:util'

const brotliCompress = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** The client's accepted encodings among br and gzip (q=0 refuses). */
function acceptedEncodings(acceptEncoding: string): Set<string> {
  return new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name.trim().toLowerCase()),
  )
}

/** The best encoding of br and gzip the client accepts (q=0 refuses), or undefined for none: for precompressed files. */
export function preferredEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding)
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/** Brotli for a page compressed per request: quality 1 (window 18, text mode). */
const BROTLI_PARAMS = (size: number) => ({
  [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
})

/**
 * Brotli (quality 1), else gzip (level 3), as the client accepts, for an HTML body of over 1 KB; undefined for none.
 * A page rendered per request (a member's) is compressed on every request, so the cheapest good codec wins: brotli 1
 * costs about half of gzip 3 for a few per cent more bytes (2026-11-27, Node 20: the 68.7 KB member search 182-198 µs
 * for 14.5 KB against 358-377 µs for 14.2 KB; the 20.9 KB landing 91-98 µs for 7.8 KB against 164-199 µs for 7.2 KB;
 * gzip 1 saves nothing over 3). Browsers send br over HTTPS. Shared pages are compressed once per cache entry at
 * brotli 5 (page-cache.server.ts); precompressed files (the catalogues) at 11.
 * The compression runs on libuv's thread pool: the thread that serves requests renders the next page meanwhile
 * (decision 042, twelfth addendum).
 */
export async function compressHtml(body: string, acceptEncoding: string): Promise<{ encoding: 'br' | 'gzip'; body: Buffer } | undefined> {
  if (body.length < 1024) return undefined
  const accepted = acceptedEncodings(acceptEncoding)
  if (accepted.has('br')) return { encoding: 'br', body: await brotliCompress(body, { params: BROTLI_PARAMS(body.length) }) }
  if (accepted.has('gzip')) return { encoding: 'gzip', body: await gzip(body, { level: 3 }) }
  return undefined
}
