// The typed client of the endpoint definitions (src/shared/endpoint.ts): the address, the input and the answer's
// type all come from the definition, so a changed response shape fails the typecheck of the page that reads it.
// Built on http() (retries, the 403 authentication_required rule). Decision: docs/decisions/016-endpoint-contracts.md.
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr'
import type { EndpointDefinition, EndpointInput, EndpointResponse } from './endpoint'
import { http, type HttpOptions } from './http'

/** The input argument: optional when the endpoint takes no query, params or body. */
type InputArgs<E> = object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>]

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[]

/** The query string of a query object: absent values are left out, lists repeat the key. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const q = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const v of value) q.append(key, String(v))
    else q.set(key, String(value))
  }
  return q.toString()
}

/** The address of a call: path parameters filled in (`/api/x.php/:id`) and the query string appended. */
export function endpointUrl<E extends EndpointDefinition>(def: E, ...[input]: InputArgs<E>): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, QueryValue> }
  const path = def.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`${def.path}: path parameter ${name} missing`)
    return encodeURIComponent(String(value))
  })
  const qs = queryString(query)
  return qs ? `${path}?${qs}` : path
}

/** Calls an endpoint: `await callEndpoint(likeEndpoint, { body: { id } })` answers `{ liked, match }`. */
export function callEndpoint<E extends EndpointDefinition>(def: E, ...args: [...InputArgs<E>, options?: Omit<HttpOptions, 'method' | 'body'>]): Promise<EndpointResponse<E>> {
  const [input, options] = args as unknown as [EndpointInput<E> | undefined, Omit<HttpOptions, 'method' | 'body'> | undefined]
  const url = endpointUrl(def, ...([input] as InputArgs<E>))
  const body = (input as { body?: unknown } | undefined)?.body
  return http<EndpointResponse<E>>(url, { ...options, method: def.method, body })
}

/**
 * The SWR key of a GET endpoint (its address, so the cache is shared with anything that uses the same address),
 * or null to fetch nothing.
 */
export function endpointKey<E extends EndpointDefinition<'GET'>>(def: E, ...[input]: InputArgs<E> | [null]): string | null {
  if (input === null) return null
  return endpointUrl(def, ...([input] as InputArgs<E>))
}

/** The SWR fetcher of a GET endpoint: the key is the address endpointKey made. */
export function endpointFetcher<E extends EndpointDefinition<'GET'>>(_def: E): (key: string) => Promise<EndpointResponse<E>> {
  return (key) => http<EndpointResponse<E>>(key)
}

/** useSWR over a GET endpoint; `input` null fetches nothing (a logged-out visitor, a hidden panel). */
export function useEndpoint<E extends EndpointDefinition<'GET'>>(
  def: E,
  input: EndpointInput<E> | null,
  config?: SWRConfiguration<EndpointResponse<E>>,
): SWRResponse<EndpointResponse<E>> {
  const key = input === null ? null : endpointUrl(def, ...([input] as InputArgs<E>))
  return useSWR(key, endpointFetcher(def), config)
}
