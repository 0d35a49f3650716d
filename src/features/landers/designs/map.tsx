// /landers/maplanding: an offline map of the tenant's countries (outlines drawn in the project, see
// map-geometry.ts) with a marker per region sized by its members; choosing one shows who lives there.
import { useState } from 'react'
import styled from '../../../ui/styled'
import { FictionalNote, LanderCta, LoginLine, MemberTile, Section, useLander } from '../lander-kit'
import { MAP_COUNTRIES, outlinePath, viewBoxOf } from '../map-geometry'

const Layout = styled.div(({ theme }) => ({ display: 'grid', gap: 20, [theme.mq.lg]: { gridTemplateColumns: 'minmax(0, 7fr) minmax(0, 5fr)', gap: 32, alignItems: 'start' } }))
const Title = styled.h1(({ theme }) => ({ fontSize: 30, lineHeight: 1.15, margin: '0 0 10px', color: theme.colors.primaryDark, [theme.mq.md]: { fontSize: 44 } }))
const MapBox = styled.div(({ theme }) => ({
  position: 'relative',
  background: `radial-gradient(circle at 30% 20%, #eaf4fb, #d7e9f5)`,
  borderRadius: 24,
  padding: 8,
  border: `1px solid ${theme.colors.border}`,
  boxShadow: '0 16px 40px rgba(0,0,0,0.08)',
  svg: { display: 'block', width: '100%', height: 'auto', maxHeight: '70vh' },
}))
const Marker = styled.g({ cursor: 'pointer', outline: 'none', '&:focus-visible circle:first-of-type': { strokeWidth: 4 } })
const Side = styled.aside(({ theme }) => ({ background: theme.colors.surface, borderRadius: 20, border: `1px solid ${theme.colors.border}`, padding: 18, [theme.mq.md]: { padding: 24 } }))
const Grid = styled.div({ display: 'grid', gap: 10, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', margin: '14px 0 18px' })
const Legend = styled.p(({ theme }) => ({ margin: '10px 4px 0', color: theme.colors.muted, fontSize: 14 }))

export function MapLander() {
  const { data, texts, t, tenant } = useLander()
  const countries = tenant.settings.countries.map((c) => c.code)
  const initial = data.place?.region ?? data.regions[0]?.code ?? ''
  const [selected, setSelected] = useState(initial)
  const region = data.regions.find((r) => r.code === selected)
  const inRegion = data.members.filter((m) => m.region === selected)
  const shown = (inRegion.length ? inRegion : data.members).slice(0, 4)
  const max = Math.max(1, ...data.regions.map((r) => r.count))
  return (
    <Section data-testid="lander-maplanding">
      <Title>{texts.title}</Title>
      <p style={{ fontSize: 18, margin: '0 0 22px', maxWidth: 720 }}>
        {texts.intent} {t('landers.maplanding.lead')}
      </p>
      <Layout>
        <div>
          <MapBox>
            {/* A group, not an image: its markers are buttons (an image's children are presentational, no control may be in it). */}
            <svg viewBox={viewBoxOf(countries)} role="group" aria-label={t('landers.maplanding.legend')} data-testid="lander-map">
              {MAP_COUNTRIES.map((c) => (
                <path key={c} aria-hidden="true" d={outlinePath(c)} fill={countries.includes(c) ? '#ffffff' : '#eef2f5'} stroke={countries.includes(c) ? tenant.theme.primary : '#c5cfd8'} strokeWidth={countries.includes(c) ? 2.2 : 1.2} strokeLinejoin="round" />
              ))}
              {data.regions.map((r) => {
                const radius = 7 + 15 * Math.sqrt(r.count / max)
                const active = r.code === selected
                return (
                  <Marker
                    key={r.code}
                    role="button"
                    tabIndex={0}
                    aria-label={`${r.name}: ${r.count}`}
                    aria-pressed={active}
                    data-testid="map-marker"
                    onClick={() => setSelected(r.code)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault()
                        setSelected(r.code)
                      }
                    }}
                  >
                    <circle cx={r.x} cy={r.y} r={radius} fill={active ? tenant.theme.secondary : tenant.theme.primary} fillOpacity={active ? 0.95 : 0.78} stroke="#fff" strokeWidth={2.5} />
                    {active && <circle cx={r.x} cy={r.y} r={radius + 6} fill="none" stroke={tenant.theme.secondary} strokeWidth={2} strokeOpacity={0.6} />}
                    <text x={r.x} y={r.y + 4} textAnchor="middle" fontSize={radius > 12 ? 12 : 10} fontWeight={800} fill="#fff" style={{ pointerEvents: 'none' }}>
                      {r.count}
                    </text>
                  </Marker>
                )
              })}
            </svg>
          </MapBox>
          <Legend>{t('landers.maplanding.legend')}</Legend>
        </div>
        <Side>
          <h2 style={{ margin: 0, fontSize: 22 }} data-testid="map-region">
            {t('landers.maplanding.region_members', { region: region?.name ?? texts.where })}
          </h2>
          <Grid>
            {shown.map((m, i) => (
              <MemberTile key={m.id} member={m} ratio="1" eager={i < 4} />
            ))}
          </Grid>
          <LanderCta style={{ width: '100%' }} />
          <LoginLine />
          <FictionalNote members={shown} />
        </Side>
      </Layout>
    </Section>
  )
}
