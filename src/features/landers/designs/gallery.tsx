// /landers/gallery: a magazine gallery, large and small tiles in a mosaic, chips of what the slug chose.
import styled from '../../../ui/styled'
import { FictionalNote, LanderCta, LoginLine, MemberTile, Section, useLander } from '../lander-kit'

const Head = styled.header(({ theme }) => ({
  display: 'grid',
  gap: 16,
  alignItems: 'end',
  marginBottom: 22,
  [theme.mq.md]: { gridTemplateColumns: 'minmax(0, 1fr) auto', gap: 32, marginBottom: 30 },
}))
const Title = styled.h1(({ theme }) => ({ fontFamily: 'Georgia, "Times New Roman", serif', fontSize: 32, lineHeight: 1.1, margin: '0 0 10px', color: theme.colors.text, [theme.mq.md]: { fontSize: 50 } }))
const Chips = styled.div({ display: 'flex', gap: 8, flexWrap: 'wrap' })
const Chip = styled.span(({ theme }) => ({ padding: '5px 12px', borderRadius: 999, border: `1px solid ${theme.colors.border}`, background: theme.colors.surface, fontSize: 14, fontWeight: 600, color: theme.colors.primaryDark }))
const Mosaic = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 8,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gridAutoFlow: 'dense',
  '> *:nth-of-type(5n+1)': { gridColumn: 'span 2', gridRow: 'span 2' },
  [theme.mq.md]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 12, '> *:nth-of-type(5n+1)': { gridColumn: 'span 2', gridRow: 'span 2' } },
}))
const Footer = styled.div(({ theme }) => ({ marginTop: 28, padding: '28px 20px', borderRadius: 20, textAlign: 'center', background: theme.colors.surface, border: `1px solid ${theme.colors.border}` }))

export function GalleryLander() {
  const { data, texts, t } = useLander()
  const tiles = data.members.slice(0, 15)
  return (
    <Section data-testid="lander-gallery">
      <Head>
        <div>
          <Title>{texts.title}</Title>
          <p style={{ margin: '0 0 14px', fontSize: 18 }}>{t('landers.gallery.lead')}</p>
          <Chips>
            <Chip>{texts.audience}</Chip>
            <Chip>{texts.where}</Chip>
            <Chip>{t(`landers.intent_name.${data.intent}`)}</Chip>
          </Chips>
        </div>
        <LanderCta big={false} testId="lander-cta-top" />
      </Head>
      <Mosaic>
        {/* Eager: the first two blocks of the mosaic, the first screen on a desktop (on a phone, the first five). */}
        {tiles.map((m, i) => (
          <MemberTile key={m.id} member={m} ratio="1" eager={i < 10} priority={i === 0} />
        ))}
      </Mosaic>
      <Footer>
        <h2 style={{ margin: '0 0 8px' }}>{t('landers.gallery.more')}</h2>
        <p style={{ margin: '0 0 18px' }}>{texts.intent}</p>
        <LanderCta />
        <LoginLine />
        <FictionalNote members={tiles} />
      </Footer>
    </Section>
  )
}
