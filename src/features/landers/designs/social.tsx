// /landers/socialnetwork: a social feed, members' posts with likes and comments that lead to the signup, and a
// sidebar inviting the visitor to join.
import styled from '../../../ui/styled'
import { Heart } from '../../../ui/heart'
import { FictionalLabel } from '../../../ui/member-card'
import { FictionalNote, LanderCta, LoginLine, OnlineDot, Portrait, useLander, usePlaceOf, useSignupLink } from '../lander-kit'

const Page = styled.div(({ theme }) => ({ background: '#eef1f5', padding: '16px 10px 40px', [theme.mq.md]: { padding: '32px 24px 64px' } }))
const Columns = styled.div(({ theme }) => ({ maxWidth: 1040, margin: '0 auto', display: 'grid', gap: 16, [theme.mq.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 340px', gap: 24, alignItems: 'start' } }))
const Intro = styled.div(({ theme }) => ({ background: theme.colors.primary, color: theme.colors.onPrimary, borderRadius: 16, padding: '20px 18px', h1: { margin: '0 0 8px', fontSize: 26, lineHeight: 1.2, [theme.mq.md]: { fontSize: 32 } }, p: { margin: 0 } }))
const Post = styled.article({ background: '#fff', borderRadius: 16, boxShadow: '0 1px 3px rgba(0,0,0,0.08)', overflow: 'hidden' })
const PostHead = styled.header({ display: 'flex', alignItems: 'center', gap: 10, padding: '12px 14px' })
const Avatar = styled.span({ width: 44, height: 44, borderRadius: '50%', overflow: 'hidden', flex: '0 0 44px', position: 'relative' })
const Meta = styled.div(({ theme }) => ({ minWidth: 0, strong: { display: 'block' }, '> span': { color: theme.colors.muted, fontSize: 13 } }))
const Actions = styled.div(({ theme }) => ({ display: 'flex', borderTop: `1px solid ${theme.colors.border}`, a: { flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 6, padding: '10px 0', color: theme.colors.muted, fontWeight: 700, textDecoration: 'none', fontSize: 14, '&:hover': { background: theme.colors.primarySoft, color: theme.colors.primaryDark } } }))
const Feed = styled.div({ display: 'grid', gap: 14 })
const Side = styled.aside(({ theme }) => ({ background: '#fff', borderRadius: 16, padding: 20, boxShadow: '0 1px 3px rgba(0,0,0,0.08)', [theme.mq.lg]: { position: 'sticky', top: 84 } }))
const Online = styled.ul({ listStyle: 'none', padding: 0, margin: '12px 0 18px', display: 'grid', gap: 10, li: { display: 'flex', alignItems: 'center', gap: 10 } })

export function SocialLander() {
  const { data, texts, t } = useLander()
  const link = useSignupLink()
  const placeOf = usePlaceOf()
  const posts = data.members.slice(0, 6)
  const online = data.members.slice(6, 12)
  return (
    <Page data-testid="lander-socialnetwork">
      <Columns>
        <Feed>
          <Intro>
            <h1>{texts.title}</h1>
            <p>{texts.intent}</p>
          </Intro>
          {posts.map((m, i) => (
            <Post key={m.id} data-testid="lander-member" data-member-id={m.id}>
              <PostHead>
                <Avatar>
                  <Portrait member={m} label={false} eager={i < 2} />
                </Avatar>
                <Meta>
                  <strong>
                    {m.name}, {m.age} {m.fictional && <FictionalLabel style={{ marginLeft: 6, verticalAlign: 'middle' }} />}
                  </strong>
                  <span>
                    {placeOf(m)} · {t('landers.socialnetwork.post_meta')}
                  </span>
                </Meta>
              </PostHead>
              <p style={{ margin: '0 14px 12px' }}>{t(`landers.socialnetwork.post_${(i % 3) + 1}`, { name: m.name })}</p>
              <a {...link} style={{ display: 'block' }}>
                <Portrait member={m} ratio="16 / 10" size="full" eager={i < 2} label={false} />
              </a>
              <Actions>
                <a {...link}>
                  <Heart size={16} /> {t('landers.socialnetwork.like')}
                </a>
                <a {...link}>💬 {t('landers.socialnetwork.comment')}</a>
              </Actions>
            </Post>
          ))}
        </Feed>
        <Side>
          <h2 style={{ margin: '0 0 6px', fontSize: 22 }}>{t('landers.socialnetwork.join_title')}</h2>
          <p style={{ margin: '0 0 14px' }}>{t('landers.socialnetwork.join_body', { audience: texts.audience })}</p>
          <LanderCta style={{ width: '100%' }} />
          <LoginLine />
          {online.length > 0 && (
            <>
              <h3 style={{ margin: '22px 0 0', fontSize: 16 }}>{t('landers.online')}</h3>
              <Online>
                {online.map((m) => (
                  <li key={m.id} data-testid="lander-member" data-member-id={m.id}>
                    <Avatar style={{ width: 38, height: 38, flexBasis: 38 }}>
                      <Portrait member={m} label={false} />
                    </Avatar>
                    <span style={{ flex: 1, minWidth: 0 }}>
                      <strong>{m.name}</strong>, {m.age} {m.fictional && <FictionalLabel style={{ marginLeft: 4 }} />}
                    </span>
                    <OnlineDot />
                  </li>
                ))}
              </Online>
            </>
          )}
          <FictionalNote members={data.members.slice(0, 12)} style={{ margin: 0 }} />
        </Side>
      </Columns>
    </Page>
  )
}
