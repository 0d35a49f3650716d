// /landers/iconslanding: three steps with large drawn icons, a row of faces, and the call.
import styled from '../../../ui/styled'
import { FictionalLabel } from '../../../ui/member-card'
import { FictionalNote, LanderCta, LoginLine, Portrait, Section, useLander, useSignupLink } from '../lander-kit'

const Hero = styled.div(({ theme }) => ({ textAlign: 'center', background: `linear-gradient(180deg, ${theme.colors.primarySoft}, transparent)`, padding: '36px 16px 8px', [theme.mq.md]: { padding: '64px 24px 16px' } }))
const Title = styled.h1(({ theme }) => ({ fontSize: 32, lineHeight: 1.15, margin: '0 auto 12px', maxWidth: 780, color: theme.colors.primaryDark, [theme.mq.md]: { fontSize: 48 } }))
const Steps = styled.ol(({ theme }) => ({ listStyle: 'none', margin: '8px 0 0', padding: 0, display: 'grid', gap: 16, [theme.mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)', gap: 24 } }))
const Step = styled.li(({ theme }) => ({
  background: theme.colors.surface,
  borderRadius: 20,
  padding: '24px 20px',
  border: `1px solid ${theme.colors.border}`,
  boxShadow: '0 10px 30px rgba(0,0,0,0.06)',
  display: 'grid',
  gridTemplateColumns: '64px 1fr',
  gap: 16,
  alignItems: 'start',
  [theme.mq.md]: { gridTemplateColumns: '1fr', textAlign: 'center', justifyItems: 'center', padding: '32px 24px' },
  h2: { margin: '0 0 6px', fontSize: 20 },
  p: { margin: 0, color: theme.colors.muted },
}))
const IconCircle = styled.span(({ theme }) => ({ width: 64, height: 64, borderRadius: 20, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', background: theme.colors.primary, color: theme.colors.onPrimary, boxShadow: `0 10px 24px ${theme.colors.primarySoft}` }))
const Faces = styled.div({ display: 'flex', justifyContent: 'center', flexWrap: 'wrap', gap: '14px 8px', margin: '28px auto 8px', maxWidth: 760 })
const Figure = styled.figure({ margin: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3, width: 78, figcaption: { fontSize: 13, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' } })
const Face = styled.a(({ theme }) => ({ width: 64, height: 64, borderRadius: '50%', overflow: 'hidden', border: `3px solid ${theme.colors.surface}`, boxShadow: '0 4px 12px rgba(0,0,0,0.15)', display: 'block', position: 'relative' }))
const Checks = styled.ul(({ theme }) => ({ listStyle: 'none', padding: 0, margin: '20px auto 0', display: 'flex', gap: '8px 22px', flexWrap: 'wrap', justifyContent: 'center', li: { fontWeight: 600 }, 'li::before': { content: '"✓"', color: theme.colors.primary, fontWeight: 900, marginRight: 6 } }))

const ICONS = {
  profile: 'M12 12a5 5 0 1 0-5-5 5 5 0 0 0 5 5zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z',
  search: 'M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z',
  chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z',
}

function Icon({ d }: { d: string }) {
  return (
    <IconCircle aria-hidden="true">
      <svg width="34" height="34" viewBox="0 0 24 24">
        <path fill="currentColor" d={d} />
      </svg>
    </IconCircle>
  )
}

export function IconsLander() {
  const { data, texts, t, tenant } = useLander()
  const faces = data.members.slice(0, 8)
  const link = useSignupLink()
  return (
    <div data-testid="lander-iconslanding">
      <Hero>
        <Title>{texts.title}</Title>
        <p style={{ fontSize: 19, margin: '0 auto', maxWidth: 640 }}>{texts.intent}</p>
        <Faces>
          {faces.map((m) => (
            <Figure key={m.id}>
              <Face {...link} data-testid="lander-member" data-member-id={m.id} title={`${m.name}, ${m.age}`} tabIndex={-1}>
                <Portrait member={m} label={false} />
              </Face>
              <figcaption>
                {m.name}, {m.age}
              </figcaption>
              {m.fictional && <FictionalLabel size="small" style={{ fontSize: 10 }} />}
            </Figure>
          ))}
        </Faces>
      </Hero>
      <Section>
        <Steps>
          {(
            [
              ['profile', 1],
              ['search', 2],
              ['chat', 3],
            ] as const
          ).map(([icon, n]) => (
            <Step key={n}>
              <Icon d={ICONS[icon]} />
              <div>
                <h2>{t(`landers.iconslanding.step${n}_title`)}</h2>
                <p>{t(`landers.iconslanding.step${n}`, { site: tenant.settings.name, audience: texts.audience })}</p>
              </div>
            </Step>
          ))}
        </Steps>
        <div style={{ textAlign: 'center', marginTop: 32 }}>
          <LanderCta />
          <Checks>
            <li>{t('landers.iconslanding.check_free')}</li>
            <li>{t('landers.iconslanding.check_discreet')}</li>
            <li>{t('landers.iconslanding.check_quick')}</li>
          </Checks>
          <LoginLine />
          <FictionalNote members={faces} />
        </div>
      </Section>
    </div>
  )
}
