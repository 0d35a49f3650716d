// The time bonus in the page: the client that loads it on login and ticks its countdown (mounted on every page),
// the modal 40 s after entering the members area, and the banner of the members area. Both lead to /credits.
import { useEffect, useState } from 'react'
import { useStoreSnapshot } from '../../shared/store'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useSession } from '../../shared/session/session-context'
import { useDismissal } from '../../ui/dismissible-alert'
import { Modal } from '../../ui/modal'
import { Button, ButtonLink } from '../../ui/button'
import { formatCountdown } from './format'
import { clearTimeBonus, HIDE_MODAL_KEY, isMembersArea, MODAL_DELAY_MS, showTimeBonus, tickTimeBonus, timeBonus, timeBonusModalDue } from './time-bonus-store'
import { usePathname } from '../../../renderer/page-context'

/** The payment calls (and zod with their definitions) load with the first time-bonus check, not with every page. */
const loadTimeBonus = () => import('./payments-api').then((m) => m.loadTimeBonus())

/** Loads the bonus on login (and again for another member), clears it on logout and once the member is paid. */
export function useTimeBonusLoader(userId: number | undefined, paidUser: boolean | undefined, load = loadTimeBonus) {
  useEffect(() => {
    if (userId === undefined || paidUser) {
      clearTimeBonus()
      return
    }
    let stopped = false
    load()
      .then((answer) => {
        if (stopped) return
        if (answer.visible) showTimeBonus(timeBonus, { userId, secondsLeft: answer.seconds_left, code: answer.code, percentage: answer.percentage }, Date.now())
        else clearTimeBonus()
      })
      .catch(() => undefined)
    return () => {
      stopped = true
    }
  }, [userId, paidUser, load])
}

/** The countdown: one tick a second while the bonus is visible. */
export function useTimeBonusTicker() {
  const { isVisible } = useStoreSnapshot(timeBonus)
  useEffect(() => {
    if (!isVisible) return
    const id = setInterval(() => tickTimeBonus(timeBonus, Date.now()), 1000)
    return () => clearInterval(id)
  }, [isVisible])
}

const Countdown = styled.time(({ theme }) => ({
  display: 'inline-block',
  fontVariantNumeric: 'tabular-nums',
  fontWeight: 800,
  fontSize: 28,
  color: theme.colors.primaryDark,
  background: theme.colors.primarySoft,
  padding: '4px 14px',
  borderRadius: 10,
  margin: '4px 0 12px',
}))
const Actions = styled.div({ display: 'flex', flexWrap: 'wrap', gap: 10, justifyContent: 'flex-end', marginTop: 12 })

/** Mounted on every page: loads and ticks the bonus, and opens its modal 40 s after entering the members area. */
export function TimeBonusClient() {
  const { t } = useTranslation()
  const { user } = useSession()
  const urlPathname = usePathname()
  const bonus = useStoreSnapshot(timeBonus)
  const [dismissedAt, dismiss] = useDismissal(HIDE_MODAL_KEY)
  const [open, setOpen] = useState(false)
  useTimeBonusLoader(user?.id, user?.paid_user)
  useTimeBonusTicker()
  // Logging out unmounts this client (the member chrome is for members only, decision 038): the bonus goes too.
  useEffect(() => () => clearTimeBonus(), [])

  const inArea = isMembersArea(urlPathname)
  const due = Boolean(user) && timeBonusModalDue({ credits: user?.credits ?? 0, paidUser: user?.paid_user ?? false, isVisible: bonus.isVisible, dismissedAt, inArea })

  // The 40 s start when the member enters the area with the bonus due; leaving the area (or anything that makes it
  // no longer due: credits, paid, dismissed, expired) cancels them. Moving within the area keeps them running.
  useEffect(() => {
    if (!due) {
      setOpen(false)
      return
    }
    const id = setTimeout(() => setOpen(true), MODAL_DELAY_MS)
    return () => clearTimeout(id)
  }, [due])

  if (!open || !bonus.isVisible) return null
  const close = () => {
    dismiss()
    setOpen(false)
  }
  return (
    <Modal title={t('time_bonus.modal_title', { percentage: bonus.percentage })} onClose={close} onDismiss={close} closeLabel={t('common.close')}>
      <div data-testid="time-bonus-modal">
        <p>{t('time_bonus.modal_body', { percentage: bonus.percentage, hours: 4 })}</p>
        <p style={{ margin: 0 }}>{t('time_bonus.time_left')}</p>
        <Countdown>{formatCountdown(bonus.secondsLeft)}</Countdown>
        <Actions>
          <Button type="button" variant="ghost" onClick={close}>
            {t('time_bonus.later')}
          </Button>
          <ButtonLink href="/credits" onClick={() => dismiss()}>
            {t('time_bonus.cta')}
          </ButtonLink>
        </Actions>
      </div>
    </Modal>
  )
}

const Banner = styled.a(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '4px 12px',
  margin: '12px 16px 0',
  padding: '10px 16px',
  borderRadius: 12,
  background: `linear-gradient(90deg, ${theme.colors.secondary}, ${theme.colors.primary})`,
  color: '#fff',
  fontWeight: 700,
  textDecoration: 'none',
  textShadow: '0 1px 2px rgba(0,0,0,0.3)',
  boxShadow: '0 4px 14px rgba(0,0,0,0.12)',
  time: { fontVariantNumeric: 'tabular-nums', background: 'rgba(0,0,0,0.22)', padding: '2px 8px', borderRadius: 8 },
  '.cta': { marginLeft: 'auto', textDecoration: 'underline' },
}))

/** The banner of the members area while the bonus runs (SPEC.md section 2: it links to the credits). */
export function TimeBonusBanner() {
  const { t } = useTranslation()
  const { user } = useSession()
  const urlPathname = usePathname()
  const bonus = useStoreSnapshot(timeBonus)
  if (!user || user.paid_user || !bonus.isVisible || !isMembersArea(urlPathname)) return null
  return (
    <Banner href="/credits" data-testid="time-bonus-banner">
      <span>{t('time_bonus.banner', { percentage: bonus.percentage })}</span>
      <time>{formatCountdown(bonus.secondsLeft)}</time>
      <span className="cta">{t('time_bonus.cta')}</span>
    </Banner>
  )
}
