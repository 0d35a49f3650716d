import styled from './styled'

/** Badge text: 99+ from 100 upward (SPEC.md section 2). */
export function badgeText(count: number): string {
  return count >= 100 ? '99+' : String(count)
}

const Pill = styled.span<{ tone: 'unread' | 'primary' | 'warning' | 'danger' }>(({ theme, tone }) => ({
  display: 'inline-block',
  minWidth: 20,
  padding: '1px 6px',
  borderRadius: 999,
  fontSize: 12,
  fontWeight: 700,
  lineHeight: '18px',
  textAlign: 'center',
  // White on the unread, primary and danger colours; the light warning colour carries the text colour (themes/contrast.ts).
  color: tone === 'warning' ? theme.colors.text : '#fff',
  background: tone === 'unread' ? theme.colors.unread : tone === 'warning' ? theme.colors.warning : tone === 'danger' ? theme.colors.danger : theme.colors.primary,
}))

/** A count badge; hidden at zero unless showZero, 99+ from 100. */
export function Badge({ count, tone = 'unread', label, showZero = false }: { count: number; tone?: 'unread' | 'primary' | 'warning' | 'danger'; label?: string; showZero?: boolean }) {
  if (count <= 0 && !showZero) return null
  return (
    <Pill tone={tone} aria-label={label}>
      {badgeText(count)}
    </Pill>
  )
}
