import type { z } from 'zod'
import type { i18n as I18n } from 'i18next'
import { ApiError } from './context.server'

/** Parses input with a schema; failures become a 400 with a localized message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, t: I18n['t']): z.output<S> {
  const parsed = schema.safeParse(input ?? {})
  if (parsed.success) return parsed.data
  const fields: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_'
    if (fields[key]) continue
    fields[key] = messageFor(issue, t)
  }
  throw new ApiError(400, 'invalid_input', t('errors.invalid_input'), fields)
}

function messageFor(issue: z.core.$ZodIssue, t: I18n['t']): string {
  // A schema may carry a translation key as its message ("validation.email_invalid").
  if (issue.message.startsWith('validation.')) return t(issue.message)
  switch (issue.code) {
    case 'too_big':
      return t('validation.too_long', { max: Number(issue.maximum) })
    case 'too_small':
      return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.too_short', { min: Number(issue.minimum) })
    case 'invalid_type':
      return t('validation.required')
    default:
      return t('validation.required')
  }
}
