// The conversation's header: back to the list, the other member (name, age, the fictional label, typing or
// place) and the menu with the removal; below it the fictional warning, kept visible wherever a member meets one.
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { useSession } from '../../shared/session/session-context'
import styled from '../../ui/styled'
import { FictionalLabel } from '../../ui/member-card'
import { OverflowItem, OverflowMenu } from '../../ui/overflow-menu'
import { Avatar } from './avatar'
import { BackIcon } from './icons'
import { BackLink, Header } from './conversation-parts'
import type { ConversationAnswer } from './chat-api'

const Who = styled.a({ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0, flex: 1, color: 'inherit', textDecoration: 'none' })
const WhoText = styled.span({ display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: 1.25 })
const WhoName = styled.span({ fontWeight: 800, fontSize: 17, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
const SubLine = styled.span({ display: 'flex', alignItems: 'center', gap: 6, minWidth: 0, marginTop: 2 })
const WhoSub = styled.span<{ typing?: boolean }>(({ theme, typing }) => ({ fontSize: 13, color: typing ? theme.colors.primary : theme.colors.muted, fontStyle: typing ? 'italic' : 'normal', minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }))

const FictionalWarning = styled.p(({ theme }) => ({
  margin: 0,
  padding: '8px 14px',
  fontSize: 13,
  background: '#fff8e1',
  borderBottom: `1px solid ${theme.colors.secondary}`,
  color: '#5d4300',
}))

const VulnerableWarning = styled.p(({ theme }) => ({
  margin: 0,
  padding: '10px 14px',
  fontSize: 14,
  fontWeight: 700,
  background: '#fdecea',
  borderBottom: `2px solid ${theme.colors.danger}`,
  color: '#7a1010',
}))

type ConversationProfile = ConversationAnswer['conversation']['profile']

/** The header bar while the conversation loads or failed to: only the way back. */
export function BareHeader() {
  const { t } = useTranslation()
  return (
    <Header>
      <BackLink href="/chats" aria-label={t('chats.back')}>
        <BackIcon />
      </BackLink>
    </Header>
  )
}

/** The header of a loaded conversation, and the fictional warning under it. */
export function ConversationHeader({ profile, typing, canRemove, onRemove }: { profile: ConversationProfile; typing: boolean; canRemove: boolean; onRemove: () => void }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const settings = tenant.settings
  const { user } = useSession()
  const place = [profile.city, profile.region_name].filter(Boolean).join(', ')
  return (
    <>
      <Header data-testid="conversation-header">
        <BackLink href="/chats" aria-label={t('chats.back')} data-testid="chat-back">
          <BackIcon />
        </BackLink>
        <Who href={`/members/${profile.id}`}>
          <Avatar profile={profile} size={44} />
          <WhoText>
            <WhoName>
              {profile.name}
              {profile.age ? `, ${profile.age}` : ''}
            </WhoName>
            {/* The label leads the second line, so a phone keeps the name and age whole beside it. */}
            <SubLine>
              {profile.fictional && <FictionalLabel size="small" />}
              <WhoSub typing={typing} aria-live="polite">
                {typing ? t('chats.typing', { name: profile.name }) : place}
              </WhoSub>
            </SubLine>
          </WhoText>
        </Who>
        {/* Deleting the conversation waits in a menu, not beside the name as prominent as the gift. */}
        <OverflowMenu label={t('chats.more_options')} testId="conversation-more" disabled={!canRemove}>
          {(close) => (
            <OverflowItem
              role="menuitem"
              type="button"
              tone="danger"
              onClick={() => {
                close()
                onRemove()
              }}
              data-testid="conversation-remove"
            >
              {t('chats.remove.label', { name: profile.name })}
            </OverflowItem>
          )}
        </OverflowMenu>
      </Header>
      {profile.fictional && (
        <FictionalWarning role="note" data-testid="fictional-warning">
          {settings.fictional_warning}
        </FictionalWarning>
      )}
      {/* Marked vulnerable by staff (the ACM commitments): said plainly, above anything else of the chat. */}
      {profile.fictional && user?.vulnerable && (
        <VulnerableWarning role="alert" data-testid="vulnerable-warning">
          {t('chat.vulnerable_warning')}
        </VulnerableWarning>
      )}
    </>
  )
}
