// The GIF picker's source: the built-in catalogue that ships with the product, or GIPHY when GIPHY_API_KEY is
// set. A GIF is sent by id and resolved here on the server, so a message never carries an address a client made up.
import { BUILTIN_GIFS, gifFile, gifPreview } from './catalogue'

export interface Gif {
  id: string
  url: string
  preview: string
  width: number
  height: number
  title: string
}

export interface GifSource {
  kind: 'builtin' | 'giphy'
  /** GIFs for a search (trending or the whole catalogue without one); falls back to the catalogue when GIPHY fails. */
  search(q: string | undefined, lng: string): Promise<{ source: 'builtin' | 'giphy'; gifs: Gif[] }>
  /** What a sent GIF shows; undefined for an unknown id. Throws GifUnavailable when GIPHY cannot be reached. */
  resolve(id: string): Promise<{ url: string; width: number; height: number } | undefined>
}

export class GifUnavailable extends Error {}

/** GIPHY ids are prefixed so they never collide with the catalogue's. */
export const GIPHY_PREFIX = 'giphy:'
const GIPHY_ID = /^[A-Za-z0-9]{1,64}$/
const LIMIT = 24

function builtinSearch(q: string | undefined): Gif[] {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const list = words.length ? BUILTIN_GIFS.filter((g) => words.some((w) => g.id.includes(w) || g.tags.some((tag) => tag.startsWith(w)))) : BUILTIN_GIFS
  return list.map((g) => ({ id: g.id, url: gifFile(g.id), preview: gifPreview(g.id), width: g.width, height: g.height, title: g.tags[0] }))
}

function builtinResolve(id: string) {
  const gif = BUILTIN_GIFS.find((g) => g.id === id)
  return gif ? { url: gifFile(gif.id), width: gif.width, height: gif.height } : undefined
}

interface GiphyImage {
  url?: string
  width?: string | number
  height?: string | number
}
interface GiphyGif {
  id?: string
  title?: string
  images?: { fixed_height?: GiphyImage; fixed_height_small?: GiphyImage; fixed_width_small?: GiphyImage }
}

const httpsUrl = (u: unknown): string | undefined => {
  if (typeof u !== 'string') return undefined
  try {
    return new URL(u).protocol === 'https:' ? u : undefined
  } catch {
    return undefined
  }
}

/** One GIPHY object as a picker entry; undefined when it lacks a usable https image. */
function fromGiphy(g: GiphyGif): Gif | undefined {
  const main = g.images?.fixed_height
  const url = httpsUrl(main?.url)
  const width = Number(main?.width)
  const height = Number(main?.height)
  if (!g.id || !GIPHY_ID.test(g.id) || !url || !(width > 0) || !(height > 0)) return undefined
  const preview = httpsUrl(g.images?.fixed_height_small?.url) ?? httpsUrl(g.images?.fixed_width_small?.url) ?? url
  return { id: GIPHY_PREFIX + g.id, url, preview, width, height, title: (g.title ?? '').slice(0, 120) }
}

export function createGifSource(opts: { giphyApiKey?: string; giphyApiUrl?: string; timeoutMs?: number; log?: (m: string) => void }): GifSource {
  if (!opts.giphyApiKey) {
    return {
      kind: 'builtin',
      search: async (q) => ({ source: 'builtin', gifs: builtinSearch(q) }),
      resolve: async (id) => builtinResolve(id),
    }
  }
  const key = opts.giphyApiKey
  const base = (opts.giphyApiUrl ?? 'https://api.giphy.com').replace(/\/$/, '')
  const timeoutMs = opts.timeoutMs ?? 4000
  // GIFs seen in search answers, so sending one needs no second call (bounded; oldest dropped first).
  const seen = new Map<string, { url: string; width: number; height: number }>()
  const remember = (g: Gif) => {
    seen.delete(g.id)
    seen.set(g.id, { url: g.url, width: g.width, height: g.height })
    if (seen.size > 5000) seen.delete(seen.keys().next().value!)
  }
  const call = async (path: string, params: Record<string, string>) => {
    const url = `${base}${path}?${new URLSearchParams({ api_key: key, ...params })}`
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
    if (res.status === 404) return undefined
    if (!res.ok) throw new GifUnavailable(`GIPHY answered ${res.status}`)
    return (await res.json()) as { data?: GiphyGif | GiphyGif[] }
  }
  return {
    kind: 'giphy',
    async search(q, lng) {
      try {
        const body = q
          ? await call('/v1/gifs/search', { q, limit: String(LIMIT), rating: 'pg-13', lang: lng.slice(0, 2) })
          : await call('/v1/gifs/trending', { limit: String(LIMIT), rating: 'pg-13' })
        const gifs = (Array.isArray(body?.data) ? body.data : []).map(fromGiphy).filter((g): g is Gif => g !== undefined)
        gifs.forEach(remember)
        return { source: 'giphy', gifs }
      } catch (err) {
        // The picker keeps working on the built-in catalogue while GIPHY is away.
        opts.log?.(`giphy: ${(err as Error).message}`)
        return { source: 'builtin', gifs: builtinSearch(q) }
      }
    },
    async resolve(id) {
      if (!id.startsWith(GIPHY_PREFIX)) return builtinResolve(id)
      const giphyId = id.slice(GIPHY_PREFIX.length)
      if (!GIPHY_ID.test(giphyId)) return undefined
      const known = seen.get(id)
      if (known) return known
      let body
      try {
        body = await call(`/v1/gifs/${giphyId}`, {})
      } catch (err) {
        throw err instanceof GifUnavailable ? err : new GifUnavailable((err as Error).message)
      }
      const gif = body?.data && !Array.isArray(body.data) ? fromGiphy(body.data) : undefined
      if (!gif || gif.id !== id) return undefined
      remember(gif)
      return { url: gif.url, width: gif.width, height: gif.height }
    },
  }
}
