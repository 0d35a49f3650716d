// The way back after a purchase survives the trip to the provider's checkout: the payment page remembers it for
// the payment id (this tab's sessionStorage), and the result page reads it there or from its own ?return=.
import { isSafeReturnPath } from './return-path'

const key = (paymentId: number) => `payment-return:${paymentId}`

export function rememberReturn(paymentId: number, path: string) {
  if (!isSafeReturnPath(path)) return
  try {
    window.sessionStorage.setItem(key(paymentId), path)
  } catch {
    // Storage may be off (private mode): the result page then offers the usual ways on.
  }
}

export function recallReturn(paymentId: number, fromQuery?: string | null): string | undefined {
  if (fromQuery && isSafeReturnPath(fromQuery)) return fromQuery
  try {
    const stored = window.sessionStorage.getItem(key(paymentId))
    return stored && isSafeReturnPath(stored) ? stored : undefined
  } catch {
    return undefined
  }
}
