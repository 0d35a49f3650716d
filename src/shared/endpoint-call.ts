// Calling an endpoint definition (src/shared/endpoint.ts) without SWR: the address, the input and the answer's
// type come from the definition. Code that every page loads (the page shell, the signup modal) imports this module,
// not ./api-client, so SWR stays out of the landing pages' JavaScript (decision 038); ./api-client re-exports it.
import type { EndpointDefinition, EndpointInput, EndpointResponse } from './endpoint'
import { http, type HttpOptions } from './http'

/** The input argument: optional when the endpoint takes no query, params or body. */
export type InputArgs<E> = object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>]

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

declare const endpointOf: unique symbol

/**
 * An endpoint's method and path without its zod schemas, typed by the definition (`typeof signupEndpoint`): what
 * code that every page loads (the page shell, the signup modal) calls, so zod stays out of the landing pages'
 * JavaScript. The method and path must be the definition's own literals, or the typecheck fails.
 */
export interface EndpointRef<E extends EndpointDefinition> {
  method: E['method']
  path: E['path']
  readonly [endpointOf]?: E
}

export function endpointRef<E extends EndpointDefinition>(method: E['method'], path: E['path']): EndpointRef<E> {
  return { method, path }
}

/** What a call names: the definition itself, or its schema-free reference. */
type Callable<E extends EndpointDefinition> = E | EndpointRef<E>

/** Calls an endpoint: `await callEndpoint(likeEndpoint, { body: { id } })` answers `{ liked, match }`. */
export function callEndpoint<E extends EndpointDefinition>(def: Callable<E>, ...args: [...InputArgs<E>, options?: Omit<HttpOptions, 'method' | 'body'>]): Promise<EndpointResponse<E>> {
  const [input, options] = args as unknown as [EndpointInput<E> | undefined, Omit<HttpOptions, 'method' | 'body'> | undefined]
  const url = endpointUrl(def as E, ...([input] as InputArgs<E>))
  const body = (input as { body?: unknown } | undefined)?.body
  return http<EndpointResponse<E>>(url, { ...options, method: def.method, body })
}
