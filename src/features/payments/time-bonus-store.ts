// The time bonus of SPEC.md sections 4 and 9 as client state (Valtio): whether it is visible, the seconds left of
// its countdown, and the rules of its modal. Only a logged-in member who is not paid gets it, within 4 hours of
// signup; it is loaded on login and cleared on logout, when the member becomes paid, and at zero.
import { proxy } from 'valtio'

/** The modal appears this long after entering the members area (SPEC.md section 9). */
export const MODAL_DELAY_MS = 40_000
/** The dismissal of the modal, a timestamp (SPEC.md section 4). */
export const HIDE_MODAL_KEY = 'hide-time-bonus-modal'
/** The bonus lasts this long after signup (14400 s). */
export const BONUS_SECONDS = 4 * 60 * 60

export interface TimeBonusState {
  isVisible: boolean
  /** Whole seconds left, updated each second. */
  secondsLeft: number
  /** When it ends (ms since the epoch, by this browser's clock). */
  endsAt: number | null
  code: string | null
  percentage: number
  /** The member the bonus was loaded for (a logout or another login clears it). */
  userId: number | null
}

export const emptyTimeBonus = (): TimeBonusState => ({ isVisible: false, secondsLeft: 0, endsAt: null, code: null, percentage: 0, userId: null })

export const timeBonus = proxy<TimeBonusState>(emptyTimeBonus())

/** Clears the bonus (logout, paid, zero, too old). */
export function clearTimeBonus(state: TimeBonusState = timeBonus) {
  Object.assign(state, emptyTimeBonus())
}

/** Sets what the server answered: seconds left (at most 4 hours) from now; nothing left clears it. */
export function showTimeBonus(state: TimeBonusState, bonus: { userId: number; secondsLeft: number; code: string; percentage: number }, now: number) {
  const seconds = Math.min(Math.floor(bonus.secondsLeft), BONUS_SECONDS)
  if (!(seconds > 0)) return clearTimeBonus(state)
  Object.assign(state, { isVisible: true, secondsLeft: seconds, endsAt: now + seconds * 1000, code: bonus.code, percentage: bonus.percentage, userId: bonus.userId })
}

/** One tick of the countdown: the seconds left by the clock; at zero the bonus is cleared. */
export function tickTimeBonus(state: TimeBonusState, now: number) {
  if (!state.isVisible || state.endsAt === null) return
  const left = Math.ceil((state.endsAt - now) / 1000)
  if (left <= 0) return clearTimeBonus(state)
  if (left !== state.secondsLeft) state.secondsLeft = left
}

/**
 * The members area of SPEC.md section 2: the routes members, members-id, chats, likes, likes-m-id and premium
 * (not a conversation, the likes' other tabs or the member's chat page).
 */
export function isMembersArea(pathname: string | undefined): boolean {
  if (!pathname) return false
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return /^\/(members|members\/\d+|chats|likes|likes\/m\/\d+|premium)$/.test(p)
}

/** Whether the modal may show: no credits, a visible bonus, not dismissed, in the members area. */
export function timeBonusModalDue(opts: { credits: number; paidUser: boolean; isVisible: boolean; dismissedAt: string | null; inArea: boolean }): boolean {
  return opts.inArea && opts.isVisible && !opts.paidUser && opts.credits <= 0 && !opts.dismissedAt
}
