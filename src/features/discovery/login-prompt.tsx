// SPEC.md section 6: a visitor must log in to chat, see more photos, send gifts or like, each with its own message.
// The prompt leads to the login page (back to this profile afterwards) or to the free signup.
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { Modal } from '../../ui/modal'
import { ButtonLink } from '../../ui/button'
import { useOpenSignup } from '../accounts'

export type LoginAction = 'like' | 'chat' | 'photos' | 'gift'

export function LoginPrompt({ action, name, next, onClose }: { action: LoginAction; name: string; next: string; onClose: () => void }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const openSignup = useOpenSignup()
  return (
    <Modal title={t('member.login_prompt.title')} onClose={onClose} onDismiss={onClose} closeLabel={t('member.cancel')}>
      <p data-testid="login-prompt-message">{t(`member.login_prompt.${action}`, { name })}</p>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 16 }}>
        <ButtonLink href={`/login?next=${encodeURIComponent(next)}`} data-testid="login-prompt-login">
          {t('nav.login')}
        </ButtonLink>
        <ButtonLink href="/signup" variant="ghost" onClick={(e) => { onClose(); openSignup(e) }} data-testid="login-prompt-signup">
          {tenant.pitch.cta}
        </ButtonLink>
      </div>
      <p style={{ marginBottom: 0 }}>{t('member.login_prompt.signup')}</p>
    </Modal>
  )
}
