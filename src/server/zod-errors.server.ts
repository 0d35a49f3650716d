// zod issues as the API's per-field messages, in the request's language: what is wrong with the field (required,
// too short, not one of the allowed values, not a number, not a date...). One function for both ways input is
// checked: route schemas (src/server/endpoint.server.ts, through the error handler) and parseInput in handlers not
// yet written as endpoint definitions. Decision: docs/decisions/016-endpoint-contracts.md.
import type { z } from 'zod'
import type { i18n as I18n } from 'i18next'
import { ApiError } from './context.server'

type Issue = z.core.$ZodIssue
type T = I18n['t']

/** Parses input with a schema; failures become a 400 invalid_input with a localized message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, t: T): z.output<S> {
  const parsed = schema.safeParse(input ?? {})
  if (parsed.success) return parsed.data
  throw invalidInput(parsed.error.issues, input, t)
}

/** The 400 of a failed parse: the first problem of each field ("a.b" for nested ones, "_" for the whole input). */
export function invalidInput(issues: readonly Issue[], input: unknown, t: T): ApiError {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_'
    if (fields[key]) continue
    fields[key] = fieldMessage(issue, isMissing(input, issue.path), t)
  }
  return new ApiError(400, 'invalid_input', t('errors.invalid_input'), fields)
}

/** A field the client did not fill in: absent, null or an empty string (coercion turns those into 0 or NaN). */
export function isMissing(input: unknown, path: readonly PropertyKey[]): boolean {
  let value: unknown = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return true
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value === undefined || value === null || value === ''
}

/** What is wrong with one field, in the request's language. */
export function fieldMessage(issue: Issue, missing: boolean, t: T): string {
  // A schema may carry a translation key as its message ("validation.email_invalid", "signup.name_at").
  if (/^[a-z_]+\.[a-z_.]+$/.test(issue.message) && t(issue.message) !== issue.message) return t(issue.message)
  if (missing && issue.code !== 'unrecognized_keys') return t('validation.required')
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.too_short', { min: Number(issue.minimum) })
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.too_few_items', { min: Number(issue.minimum) })
      if (issue.origin === 'date') return t('validation.not_a_date')
      return t('validation.too_small_number', { min: boundary(issue.minimum, issue.inclusive, +1) })
    case 'too_big':
      if (issue.origin === 'string') return t('validation.too_long', { max: Number(issue.maximum) })
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.too_many_items', { max: Number(issue.maximum) })
      if (issue.origin === 'date') return t('validation.not_a_date')
      return t('validation.too_big_number', { max: boundary(issue.maximum, issue.inclusive, -1) })
    case 'invalid_type':
      return typeMessage(issue.expected, t)
    case 'invalid_value':
      return t('validation.not_one_of', { values: issue.values.map(String).join(', ') })
    case 'invalid_union':
      return unionMessage(issue, missing, t)
    case 'invalid_format':
      if (issue.format === 'email') return t('validation.email_invalid')
      if (issue.format === 'url') return t('validation.url_invalid')
      if (issue.format === 'date' || issue.format === 'datetime') return t('validation.not_a_date')
      return t('validation.invalid_format')
    case 'not_multiple_of':
      return issue.divisor === 1 ? t('validation.not_an_integer') : t('validation.invalid')
    case 'unrecognized_keys':
      return t('validation.unknown_field')
    default:
      return t('validation.invalid')
  }
}

/** An exclusive bound told as the inclusive one (`> 0` is "at least 1" for integers, the form members use). */
function boundary(value: number | bigint, inclusive: boolean | undefined, step: 1 | -1): number {
  const n = Number(value)
  return inclusive === false && Number.isInteger(n) ? n + step : n
}

function typeMessage(expected: string, t: T): string {
  switch (expected) {
    case 'number':
    case 'int':
    case 'bigint':
    case 'nan':
      return t(expected === 'int' ? 'validation.not_an_integer' : 'validation.not_a_number')
    case 'date':
      return t('validation.not_a_date')
    case 'string':
      return t('validation.not_text')
    case 'boolean':
      return t('validation.not_a_boolean')
    case 'array':
    case 'set':
    case 'tuple':
      return t('validation.not_a_list')
    default:
      return t('validation.invalid')
  }
}

/** A union of values (`'any' | 'male' | 'female'`) says all of them; otherwise the first branch's problem. */
function unionMessage(issue: Extract<Issue, { code: 'invalid_union' }>, missing: boolean, t: T): string {
  const branches = 'errors' in issue ? issue.errors : []
  const firsts = branches.map((b) => b[0]).filter((i): i is Issue => Boolean(i) && i.path.length === 0)
  if (firsts.length && firsts.every((i) => i.code === 'invalid_value')) {
    const values = firsts.flatMap((i) => (i.code === 'invalid_value' ? i.values.map(String) : []))
    return t('validation.not_one_of', { values: [...new Set(values)].join(', ') })
  }
  return firsts[0] ? fieldMessage(firsts[0], missing, t) : t('validation.invalid')
}
