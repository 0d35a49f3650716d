import { useEffect, useState } from 'react'
import styled from './styled'
import { useTranslation } from '../shared/use-translation'
import { isStandalone } from '../shared/display-mode'

/** SPEC.md section 2: only in an installed app (standalone display mode), and only when there is history to go back to. */
export function shouldShowBackButton(opts: { standalone: boolean; historyLength: number }): boolean {
  return opts.standalone && opts.historyLength > 1
}

const Back = styled.button(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  minHeight: 40,
  padding: '0 12px 0 8px',
  margin: '0 0 8px',
  border: 'none',
  borderRadius: 999,
  background: theme.colors.surface,
  color: theme.colors.primaryDark,
  fontWeight: 700,
  fontSize: 15,
  fontFamily: 'inherit',
  cursor: 'pointer',
  boxShadow: '0 1px 6px rgba(0,0,0,0.08)',
}))

/** The back button of the installed app (member profile, likes, credits); nothing in a browser tab. */
export function BackButton() {
  const { t } = useTranslation()
  const [show, setShow] = useState(false)
  useEffect(() => {
    setShow(shouldShowBackButton({ standalone: isStandalone(), historyLength: window.history.length }))
  }, [])
  if (!show) return null
  return (
    <Back type="button" onClick={() => window.history.back()} data-testid="back-button">
      <span aria-hidden="true">‹</span> {t('nav.back')}
    </Back>
  )
}
