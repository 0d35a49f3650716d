// The whole-profile skeleton (issue 19): opening a member from a list is a client navigation that waits for the
// profile's data (the page's +data on the server) before the profile renders. Instead of the old list standing
// still under the progress bar, a list that opens a profile shows the profile's shape at once: the photo, the name,
// the actions and the text, sweeping like the photo frames do (src/ui/member-card.tsx) until the profile is there.
import { useEffect, useRef, useState, type MouseEvent } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'

/** A navigation quicker than this shows no skeleton (no flash), as the progress bar's throttle. */
export const PROFILE_SKELETON_DELAY_MS = 150
/** A navigation that never ends (offline, an error page in between) gives the list back after this. */
export const PROFILE_SKELETON_MAX_MS = 10_000

const Wrap = styled.div(({ theme }) => ({
  maxWidth: 1100,
  margin: '0 auto',
  padding: '12px 12px 48px',
  display: 'grid',
  gap: 20,
  [theme.mq.md]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)', padding: '24px 16px 56px', alignItems: 'start' },
  '.bone': {
    borderRadius: 10,
    backgroundImage: `linear-gradient(100deg, transparent 30%, rgba(255,255,255,0.65) 50%, transparent 70%), linear-gradient(160deg, ${theme.colors.primarySoft}, ${theme.colors.background})`,
    backgroundSize: '250% 100%, 100% 100%',
    animation: 'profile-skeleton 1.2s ease-in-out infinite',
  },
  '@keyframes profile-skeleton': { from: { backgroundPosition: '120% 0, 0 0' }, to: { backgroundPosition: '-120% 0, 0 0' } },
  '@media (prefers-reduced-motion: reduce)': { '.bone': { animation: 'none' } },
}))

const Panel = styled.div(({ theme }) => ({
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius,
  padding: 18,
  display: 'grid',
  gap: 12,
  [theme.mq.md]: { padding: 24 },
}))

/** Square on phones, portrait from md: the member page's main photo. */
const Photo = styled.div(({ theme }) => ({ aspectRatio: '1 / 1', borderRadius: theme.radius, [theme.mq.md]: { aspectRatio: '4 / 5' } }))
const Line = styled.div<{ w: string; h?: number }>(({ w, h }) => ({ width: w, height: h ?? 14 }))
const Buttons = styled.div({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 10, marginTop: 6, div: { height: 44, borderRadius: 999 } })

/** The member page's layout without its content: a photo, the name and place, the actions, then the text. */
export function ProfileSkeleton() {
  const { t } = useTranslation()
  return (
    <Wrap role="status" aria-busy="true" aria-label={t('common.loading')} data-testid="profile-skeleton">
      <Photo className="bone" />
      <div style={{ display: 'grid', gap: 20 }}>
        <Panel>
          <Line className="bone" w="55%" h={32} />
          <Line className="bone" w="40%" />
          <Buttons>
            <div className="bone" style={{ gridColumn: '1 / -1' }} />
            <div className="bone" />
            <div className="bone" />
          </Buttons>
        </Panel>
        <Panel>
          <Line className="bone" w="35%" h={18} />
          <Line className="bone" w="100%" />
          <Line className="bone" w="92%" />
          <Line className="bone" w="70%" />
        </Panel>
      </div>
    </Wrap>
  )
}

/**
 * For a list of member cards: `onClickCapture` on the list's container notices a plain click on a card (not one
 * that opens a new tab) and, if the profile has not replaced the list within PROFILE_SKELETON_DELAY_MS, `opening`
 * turns true: the list renders <ProfileSkeleton /> instead of itself, at the top of the page where the profile
 * will be. The browser's way back (popstate) and PROFILE_SKELETON_MAX_MS give the list back.
 */
export function useProfileOpening() {
  const [opening, setOpening] = useState(false)
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])
  const clear = () => {
    timers.current.forEach(clearTimeout)
    timers.current = []
  }
  useEffect(() => {
    const back = () => {
      clear()
      setOpening(false)
    }
    window.addEventListener('popstate', back)
    return () => {
      window.removeEventListener('popstate', back)
      clear()
    }
  }, [])
  useEffect(() => {
    if (opening) window.scrollTo(0, 0)
  }, [opening])
  const onClickCapture = (e: MouseEvent<HTMLElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    const card = (e.target as Element).closest?.('a[data-testid="member-card"]')
    if (!card || card.getAttribute('target')) return
    clear()
    timers.current.push(
      setTimeout(() => setOpening(true), PROFILE_SKELETON_DELAY_MS),
      setTimeout(() => setOpening(false), PROFILE_SKELETON_MAX_MS),
    )
  }
  return { opening, onClickCapture }
}

const Form = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 12,
  '.bone': {
    borderRadius: 10,
    backgroundImage: `linear-gradient(100deg, transparent 30%, rgba(255,255,255,0.65) 50%, transparent 70%), linear-gradient(160deg, ${theme.colors.primarySoft}, ${theme.colors.background})`,
    backgroundSize: '250% 100%, 100% 100%',
    animation: 'profile-skeleton 1.2s ease-in-out infinite',
  },
  '@keyframes profile-skeleton': { from: { backgroundPosition: '120% 0, 0 0' }, to: { backgroundPosition: '-120% 0, 0 0' } },
  '@media (prefers-reduced-motion: reduce)': { '.bone': { animation: 'none' } },
}))

/** The shape of a step of a form (the step line, a heading, two fields, the buttons) while the own profile loads. */
export function FormSkeleton() {
  const { t } = useTranslation()
  return (
    <Form role="status" aria-busy="true" aria-label={t('common.loading')} data-testid="form-skeleton">
      <Line className="bone" w="30%" />
      <Line className="bone" w="50%" h={26} />
      <Line className="bone" w="25%" />
      <Line className="bone" w="100%" h={44} />
      <Line className="bone" w="25%" />
      <Line className="bone" w="100%" h={44} />
      <Buttons style={{ gridTemplateColumns: '96px 1fr 120px' }}>
        <div className="bone" />
        <span />
        <div className="bone" />
      </Buttons>
    </Form>
  )
}
