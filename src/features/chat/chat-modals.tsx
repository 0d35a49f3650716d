// The chat's dialogs: refusals that lead to a purchase, the icebreaker and the removal confirmation.
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { Modal } from '../../ui/modal'
import { FictionalWarningNote } from '../../ui/member-card'
import { Button, ButtonLink } from '../../ui/button'
import { usePathname } from '../../../renderer/page-context'

/** The refusals the API answers with a way to buy: credits for insufficient_credits, a bundle otherwise. */
export type Refusal = { code: 'insufficient_credits' | 'premium_required' | 'conversation_limit'; message: string }

const Actions = styled.div({ display: 'flex', flexWrap: 'wrap', gap: 10, marginTop: 20, justifyContent: 'flex-end' })

export function RefusalModal({ refusal, fictional, onClose }: { refusal: Refusal; fictional: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const credits = refusal.code === 'insufficient_credits'
  // After the purchase the result page offers the way back to this conversation.
  const here = usePathname()
  const back = here ? `?return=${encodeURIComponent(here)}` : ''
  return (
    <Modal title={t(credits ? 'chats.refusal.credits_title' : 'chats.refusal.premium_title')} onClose={onClose} onDismiss={onClose} closeLabel={t('common.close')}>
      {/* Asked to pay to write on: whom to, in plain words. */}
      {fictional && <FictionalWarningNote />}
      <p data-testid="refusal-message">{refusal.message || t(credits ? 'chats.refusal.credits_body' : 'chats.refusal.premium_body')}</p>
      {!credits && <p>{t('chats.refusal.premium_pitch')}</p>}
      <Actions>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('chats.refusal.later')}
        </Button>
        <ButtonLink href={`${credits ? '/credits' : '/premium'}${back}`}>{t(credits ? 'chats.refusal.buy_credits' : 'chats.refusal.see_bundles')}</ButtonLink>
      </Actions>
    </Modal>
  )
}

const Lines = styled.ul({ listStyle: 'none', padding: 0, margin: '8px 0 0', display: 'grid', gap: 8 })
const Line = styled.button(({ theme }) => ({
  width: '100%',
  textAlign: 'left',
  font: 'inherit',
  fontSize: 15,
  padding: '12px 14px',
  borderRadius: 14,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.background,
  color: theme.colors.text,
  cursor: 'pointer',
  transition: 'background 120ms ease, border-color 120ms ease',
  '&:hover, &:focus-visible': { background: theme.colors.primarySoft, borderColor: theme.colors.primary, outline: 'none' },
}))

export const ICEBREAKER_KEYS = ['weekend', 'photo', 'coffee', 'travel', 'music', 'laugh'] as const

/** Suggested first lines for an empty conversation; choosing one puts it in the message field. */
export function IcebreakerModal({ name, fictional, onPick, onClose }: { name: string; fictional: boolean; onPick: (line: string) => void; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal title={t('chats.icebreaker.title', { name })} onClose={onClose} onDismiss={onClose} closeLabel={t('common.close')}>
      {fictional && <FictionalWarningNote />}
      <p style={{ marginTop: 0 }}>{t('chats.icebreaker.intro')}</p>
      <Lines data-testid="icebreakers">
        {ICEBREAKER_KEYS.map((key) => {
          const line = t(`chats.icebreaker.lines.${key}`, { name })
          return (
            <li key={key}>
              <Line type="button" onClick={() => onPick(line)}>
                {line}
              </Line>
            </li>
          )
        })}
      </Lines>
      <Actions>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('chats.icebreaker.own')}
        </Button>
      </Actions>
    </Modal>
  )
}

export function ConfirmRemoveModal({ name, onConfirm, onClose }: { name: string; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal title={t('chats.remove.title')} onClose={onClose} onDismiss={onClose} closeLabel={t('common.close')}>
      <p>{t('chats.remove.body', { name })}</p>
      <Actions>
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('chats.remove.cancel')}
        </Button>
        <Button type="button" onClick={onConfirm} data-testid="confirm-remove">
          {t('chats.remove.confirm')}
        </Button>
      </Actions>
    </Modal>
  )
}
