// What a console form shows when its call fails: the API's field messages, else its message; anything that is not
// an API answer gets the generic text.
import type { TFunction } from 'i18next'
import { HttpError } from '../../shared/http'

export function errorText(err: unknown, t: TFunction): string {
  return err instanceof HttpError ? Object.values(err.fields ?? {}).join(' ') || err.message : t('errors.generic')
}
