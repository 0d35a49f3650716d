// The typed client of the endpoint definitions (src/shared/endpoint.ts): the address, the input and the answer's
// type all come from the definition, so a changed response shape fails the typecheck of the page that reads it.
// Built on http() (retries, the 403 authentication_required rule). Decision: docs/decisions/016-endpoint-contracts.md.
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr'
import type { EndpointDefinition, EndpointInput, EndpointResponse } from './endpoint'
import { http } from './http'
import { endpointUrl, type InputArgs } from './endpoint-call'

export { callEndpoint, endpointRef, endpointUrl, queryString, type EndpointRef } from './endpoint-call'

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
