import { useState } from 'react'
import { useTranslation } from '../../shared/use-translation'
import styled from '../../ui/styled'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import { LOCALE_NAMES, type Locale } from '../../shared/locales'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Button } from '../../ui/button'
import { chooseLocale } from './locale-dropdown'

const Option = styled.label(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: '12px 14px',
  marginBottom: 8,
  borderRadius: 10,
  border: `1.5px solid ${theme.colors.border}`,
  cursor: 'pointer',
  fontWeight: 600,
  '&:has(input:checked)': { borderColor: theme.colors.primary, background: theme.colors.primarySoft },
}))

/** /lang-config: choose the language among those the tenant offers for the visitor's country. */
export function LangConfigPage() {
  const { t } = useTranslation()
  const { tenant, lng } = usePageContext()
  const { user } = useSession()
  const [choice, setChoice] = useState<Locale>(lng)
  const [busy, setBusy] = useState(false)
  return (
    <PageColumn width={520}>
      <Card>
        <PageTitle>{t('lang_config.title')}</PageTitle>
        <p>{t('lang_config.intro', { site: tenant.settings.name })}</p>
        <p>{t('lang_config.current', { language: LOCALE_NAMES[lng] })}</p>
        <form
          method="post"
          onSubmit={(e) => {
            e.preventDefault()
            setBusy(true)
            void chooseLocale(choice, Boolean(user))
          }}
        >
          <fieldset style={{ border: 'none', padding: 0, margin: '0 0 16px' }}>
            <legend className="visually-hidden" style={{ position: 'absolute', left: -9999 }}>
              {t('nav.language')}
            </legend>
            {tenant.settings.locales.map((l) => (
              <Option key={l}>
                <input type="radio" name="language" value={l} checked={choice === l} onChange={() => setChoice(l)} />
                {LOCALE_NAMES[l]}
              </Option>
            ))}
          </fieldset>
          <Button type="submit" disabled={busy}>
            {t('lang_config.save')}
          </Button>
        </form>
      </Card>
    </PageColumn>
  )
}
