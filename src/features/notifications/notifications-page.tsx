import { useCallback, useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession, useSessionStore } from '../../shared/session/session-context'
import { callEndpoint } from '../../shared/api-client'
import { enableEmailEndpoint, notificationsEndpoint, updateNotificationsEndpoint } from './endpoints'
import { pushSubscriptionEndpoint } from '../accounts/endpoints'
import { NOTIFICATION_TYPES, type NotificationSettings } from '../../shared/contracts'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import { Alert } from '../../ui/form'
import { Button } from '../../ui/button'
import { LoginRequired } from '../../ui/login-required'
import { SavedNote } from '../../ui/toast'
import { subscribeToPush } from './push-client'
import { refreshPushState } from '../../shared/push-state'

const Section = styled(Card)({ marginBottom: 20, h2: { marginTop: 0, fontSize: 20 } })
const Toggle = styled.label(({ theme }) => ({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: 12,
  padding: '12px 0',
  borderBottom: `1px solid ${theme.colors.border}`,
  fontWeight: 600,
  input: { width: 22, height: 22, accentColor: theme.colors.primary, flex: '0 0 auto' },
}))

/** /notifications: e-mail per type, push, invisible mode, and why e-mail is off with a way to turn it on again. */
export function NotificationsPage() {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const { user } = useSession()
  const store = useSessionStore()
  const [settings, setSettings] = useState<NotificationSettings>()
  // The note appears beside the control that changed (feedback where the member acted).
  const [saved, setSaved] = useState<{ key: string; text: string }>()
  const hideSaved = useCallback(() => setSaved(undefined), [])
  const [unsubscribed, setUnsubscribed] = useState(false)
  const [pushError, setPushError] = useState<string>()
  // Loaded once per member: the live client replaces the user object when its socket opens (a fresh copy of the
  // same member), and a second load answering after the member's first change would undo it on the screen.
  const userId = user?.id
  useEffect(() => {
    setUnsubscribed(new URLSearchParams(window.location.search).has('unsubscribed'))
    if (userId !== undefined) callEndpoint(notificationsEndpoint).then((r) => setSettings(r.notifications)).catch(() => undefined)
  }, [userId])

  if (!user) return <LoginRequired title={t('notifications.title')} message={t('notifications.login_required')} />
  const update = async (patch: Partial<NotificationSettings>) => {
    setSettings((s) => (s ? { ...s, ...patch } : s))
    const r = await callEndpoint(updateNotificationsEndpoint, { body: patch })
    setSettings(r.notifications)
    setSaved({ key: Object.keys(patch)[0] ?? '', text: t('notifications.saved') })
  }
  const note = (key: string) =>
    saved?.key === key && (
      <SavedNote onDone={hideSaved} testId="notifications-saved">
        {saved.text}
      </SavedNote>
    )
  const enablePush = async () => {
    const subscription = await subscribeToPush(tenant.settings.push_public_key).catch(() => undefined)
    // The push state (section 4) follows what the browser answered: subscribed, denied or still capable.
    void refreshPushState()
    if (!subscription) {
      setSaved(undefined)
      setPushError(t('notifications.push_unavailable'))
      return
    }
    setPushError(undefined)
    await callEndpoint(pushSubscriptionEndpoint, { query: { push: '1' }, body: { subscription } })
    await update({ push: true })
  }
  const enable = async () => {
    const r = await callEndpoint(enableEmailEndpoint)
    setSettings(r.notifications)
    if (store.user) store.user = { ...store.user, notifications_disabled: [] }
    setSaved({ key: 'enable', text: t('notifications.enabled') })
  }
  return (
    <PageColumn width={640}>
      <PageTitle>{t('notifications.title')}</PageTitle>
      <p>{t('notifications.intro', { site: tenant.settings.name })}</p>
      {unsubscribed && <Alert tone="info">{t('notifications.unsubscribed')}</Alert>}
      {settings && settings.disabled_reasons.length > 0 && (
        <Alert role="alert" data-testid="email-disabled">
          <strong>{t('notifications.disabled_title')}</strong>
          <ul style={{ margin: '8px 0' }}>
            {settings.disabled_reasons.map((r) => (
              <li key={r}>{t(`notifications.disabled_reason.${r}`)}</li>
            ))}
          </ul>
          <Button onClick={enable}>{t('notifications.enable')}</Button> {note('enable')}
        </Alert>
      )}
      {settings && (
        <>
          <Section>
            <h2>{t('notifications.email_title')}</h2>
            {NOTIFICATION_TYPES.map((k) => (
              <Toggle key={k}>
                <span style={{ flex: 1 }}>{t(`notifications.${k}`)}</span>
                {note(k)}
                <input type="checkbox" checked={settings[k]} onChange={(e) => update({ [k]: e.target.checked })} />
              </Toggle>
            ))}
          </Section>
          <Section>
            <h2>{t('notifications.push_title')}</h2>
            {pushError && <Alert role="alert">{pushError}</Alert>}
            <Toggle>
              <span style={{ flex: 1 }}>{t('notifications.push')}</span>
              {note('push')}
              <input type="checkbox" checked={settings.push} onChange={(e) => (e.target.checked ? enablePush() : update({ push: false }))} />
            </Toggle>
          </Section>
          <Section>
            <h2>{t('notifications.privacy_title')}</h2>
            <Toggle>
              <span style={{ flex: 1 }}>{t('notifications.invisible')}</span>
              {note('invisible')}
              <input type="checkbox" checked={settings.invisible} onChange={(e) => update({ invisible: e.target.checked })} />
            </Toggle>
          </Section>
        </>
      )}
    </PageColumn>
  )
}
