// /admin/landers: the marketers' lander gallery (decision 029). Pick a tenant and a language, build a tracking
// link, and see every lander with every slug of the tenant's niche live (framed from the tenant's own host) at
// phone and desktop width side by side (or one of them, larger), each with its address to open or copy; below, the tenant's tracked traffic
// and its page bounces (visits that arrived with ?lb=1: the page-hidden beacon logs where and when they left).
import { useEffect, useMemo, useState } from 'react'
import { ThemeProvider } from '@emotion/react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { ConsoleFrame } from '../console'
import { useEndpoint } from '../../shared/api-client'
import { HttpError } from '../../shared/http'
import { PageTitle } from '../../ui/page'
import { Alert } from '../../ui/form'
import { Button, ButtonLink } from '../../ui/button'
import { themeFor } from '../../../themes/build-theme'
import { TRACKING_FIELDS } from '../../shared/tracking'
import type { Tracking } from '../../shared/contracts'
import type { LanderDesign } from './slug'
import { GalleryPreview } from './gallery-preview'
import { designsFor, landerHref, landerGalleryEndpoint, pageBouncesEndpoint, trafficStatsEndpoint, type GalleryTenant } from './gallery'

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const
type Size = keyof typeof SIZES
/** What each thumbnail shows: both widths side by side (the default, to compare a lander's phone and desktop look), or one larger. */
const VIEWS = {
  both: [{ size: 'phone', scale: 0.4 }, { size: 'desktop', scale: 0.25 }],
  phone: [{ size: 'phone', scale: 0.5 }],
  desktop: [{ size: 'desktop', scale: 0.25 }],
} as const satisfies Record<string, readonly { size: Size; scale: number }[]>
type View = keyof typeof VIEWS

const Controls = styled.div(({ theme }) => ({
  display: 'grid',
  gap: 12,
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: 12,
  padding: 16,
  marginBottom: 20,
  label: { display: 'block', fontWeight: 600, fontSize: 14 },
  'select, input': { display: 'block', width: '100%', marginTop: 4, minHeight: 40, padding: '6px 10px', borderRadius: 8, border: `1.5px solid ${theme.colors.border}`, fontSize: 15, background: '#fff' },
}))
const Section = styled.section({ marginBottom: 28, h2: { fontSize: 18, margin: '0 0 10px' } })
const Grid = styled.ul<{ wide: boolean }>(({ wide }) => ({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 14, gridTemplateColumns: `repeat(auto-fill, minmax(min(${wide ? 510 : 200}px, 100%), 1fr))` }))
const Item = styled.li(({ theme }) => ({
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderTop: `4px solid ${theme.colors.primary}`,
  borderRadius: 12,
  padding: 10,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  minWidth: 0,
  strong: { fontSize: 15 },
  code: { fontSize: 12, wordBreak: 'break-all', color: theme.colors.muted },
}))
const Frames = styled.div({ display: 'flex', gap: 10, alignItems: 'flex-end', justifyContent: 'center', flexWrap: 'wrap' })
const Thumb = styled.figure(({ theme }) => ({ margin: 0, display: 'flex', flexDirection: 'column', gap: 4, figcaption: { fontSize: 12, color: theme.colors.muted, textAlign: 'center' } }))
const Frame = styled(GalleryPreview)({ overflow: 'hidden', borderRadius: 8, border: '1px solid #ddd', background: '#f4f4f4', iframe: { border: 0, transformOrigin: '0 0', display: 'block' } })
const Actions = styled.div({ display: 'flex', gap: 6, flexWrap: 'wrap', '& > *': { minHeight: 36, padding: '6px 12px', fontSize: 14 } })
const TableWrap = styled.div({ overflowX: 'auto', table: { borderCollapse: 'collapse', width: '100%', fontSize: 14 }, 'th, td': { textAlign: 'left', padding: '6px 8px', borderBottom: '1px solid #e3e3e3', whiteSpace: 'nowrap' }, 'td.n': { textAlign: 'right' } })

/** /admin/landers: a console section (decision 028) for the roles the policy gives landers.view (admin, marketer). */
export function LanderGalleryPage() {
  return (
    <ConsoleFrame action="landers.view" path="/admin/landers" width={1280}>
      {() => <Gallery />}
    </ConsoleFrame>
  )
}

function Gallery() {
  const { t } = useTranslation()
  const gallery = useEndpoint(landerGalleryEndpoint, {})
  const [tenantId, setTenantId] = useState<string>()
  const [lang, setLang] = useState<string>()
  const [view, setView] = useState<View>('both')
  const [tracking, setTracking] = useState<Tracking>({ network: '', ref: '', sub1: '', sub2: '', sub3: '', clickid: '' })
  const tenants = gallery.data?.tenants
  const tenant = tenants?.find((x) => x.id === tenantId) ?? tenants?.[0]
  useEffect(() => {
    // A tenant's own languages: switching tenants starts at its default language.
    if (tenant && (!lang || !tenant.languages.includes(lang))) setLang(tenant.default_language)
  }, [tenant, lang])

  if (gallery.error) {
    return (
      <div>
        <PageTitle>{t('landers.admin.title')}</PageTitle>
        <Alert role="alert" data-testid="gallery-refused">
          {gallery.error instanceof HttpError ? gallery.error.message : t('errors.generic')}
        </Alert>
      </div>
    )
  }
  if (!tenants || !tenant) return <div><PageTitle>{t('landers.admin.title')}</PageTitle></div>

  return (
    <div>
      <PageTitle>{t('landers.admin.title')}</PageTitle>
      <p>{t('landers.admin.intro')}</p>
      <Controls>
        <label>
          {t('landers.admin.tenant')}
          <select value={tenant.id} onChange={(e) => setTenantId(e.target.value)} data-testid="gallery-tenant">
            {tenants.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('landers.admin.language')}
          <select value={lang ?? tenant.default_language} onChange={(e) => setLang(e.target.value)} data-testid="gallery-language">
            {tenant.languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('landers.admin.width')}
          <select value={view} onChange={(e) => setView(e.target.value as View)} data-testid="gallery-view">
            <option value="both">{t('landers.admin.both')}</option>
            <option value="phone">{t('landers.admin.phone')}</option>
            <option value="desktop">{t('landers.admin.desktop')}</option>
          </select>
        </label>
        {TRACKING_FIELDS.map((f) => (
          <label key={f}>
            {f}
            <input value={tracking[f] ?? ''} maxLength={f === 'network' || f === 'ref' ? 100 : 200} onChange={(e) => setTracking({ ...tracking, [f]: e.target.value })} data-testid={`gallery-${f}`} />
          </label>
        ))}
      </Controls>
      {/* The gallery in the tenant's own colours. */}
      <ThemeProvider theme={themeFor(tenant.theme)}>
        <TenantGallery key={tenant.id} tenant={tenant} lang={lang ?? tenant.default_language} view={view} tracking={tracking} />
        <TrafficTable tenant={tenant} />
        <BouncesTable tenant={tenant} />
      </ThemeProvider>
    </div>
  )
}

function TenantGallery({ tenant, lang, view, tracking }: { tenant: GalleryTenant; lang: string; view: View; tracking: Tracking }) {
  const { t } = useTranslation()
  const v = VIEWS[view]
  return (
    <div data-testid="gallery" data-tenant={tenant.id}>
      {tenant.slugs.map((slug) => (
        <Section key={slug} data-testid="gallery-slug" data-slug={slug}>
          <h2>{slug ? `/${slug}` : t('landers.admin.no_slug')}</h2>
          <Grid wide={v.length > 1}>
            {designsFor(slug).map((design) => (
              <GalleryItem key={design} design={design} href={landerHref(tenant.origin, design, slug, tracking, lang === tenant.default_language ? undefined : lang)} previewHref={landerHref(tenant.origin, design, slug, {}, lang)} v={v} />
            ))}
          </Grid>
        </Section>
      ))}
    </div>
  )
}

function GalleryItem({ design, href, previewHref, v }: { design: LanderDesign; href: string; previewHref: string; v: (typeof VIEWS)[View] }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(href)
      setCopied(true)
      setTimeout(() => setCopied(false), 1500)
    } catch {
      setCopied(false)
    }
  }
  return (
    <Item data-testid="gallery-item" data-design={design}>
      <strong>{design}</strong>
      {/* Each preview is framed when it comes near the screen, two loading at a time (gallery-preview.tsx). */}
      <Frames>
        {v.map(({ size, scale }) => {
          const { width, height } = SIZES[size]
          return (
            <Thumb key={size} data-testid="gallery-thumb" data-size={size}>
              {/* The preview carries no tracking parameters: looking at it is no visit. */}
              <Frame src={previewHref} title={`${t('landers.admin.preview_of', { lander: design })} (${t(`landers.admin.${size}`)})`} width={width} height={height} scale={scale} />
              {v.length > 1 && <figcaption>{t(`landers.admin.${size}`)}</figcaption>}
            </Thumb>
          )
        })}
      </Frames>
      <code data-testid="gallery-link">{href}</code>
      <Actions>
        <ButtonLink href={href} target="_blank" rel="noopener" data-testid="gallery-open">
          {t('landers.admin.open')}
        </ButtonLink>
        <Button variant="ghost" onClick={copy}>
          {copied ? t('landers.admin.copied') : t('landers.admin.copy')}
        </Button>
      </Actions>
    </Item>
  )
}

function TrafficTable({ tenant }: { tenant: GalleryTenant }) {
  const { t, i18n } = useTranslation()
  const stats = useEndpoint(trafficStatsEndpoint, { query: { tenant: tenant.id } })
  const money = useMemo(() => (cents: number, currency: string) => (currency ? new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100) : String(cents / 100)), [i18n.language])
  const rows = stats.data?.rows
  return (
    <Section data-testid="gallery-traffic">
      <h2>{t('landers.admin.traffic', { days: stats.data?.days ?? 30 })}</h2>
      {rows && rows.length === 0 && <p>{t('landers.admin.no_traffic')}</p>}
      {rows && rows.length > 0 && (
        <TableWrap>
          <table>
            <thead>
              <tr>
                <th>{t('landers.admin.col_landing')}</th>
                <th>network</th>
                <th>ref</th>
                <th>sub1</th>
                <th>sub2</th>
                <th>sub3</th>
                <th>{t('landers.admin.col_visits')}</th>
                <th>{t('landers.admin.col_signups')}</th>
                <th>{t('landers.admin.col_first_purchases')}</th>
                <th>{t('landers.admin.col_revenue')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} data-testid="traffic-row">
                  <td>{r.landing}</td>
                  <td>{r.network}</td>
                  <td>{r.ref}</td>
                  <td>{r.sub1}</td>
                  <td>{r.sub2}</td>
                  <td>{r.sub3}</td>
                  <td className="n">{r.visits}</td>
                  <td className="n">{r.signups}</td>
                  <td className="n">{r.first_purchases}</td>
                  <td className="n">{r.revenue.map((x) => money(x.amount_cents, x.currency)).join(' + ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Section>
  )
}

/** The page bounces of the tenant (query flag lb, SPEC.md section 9): per page the count and the median time on it. */
function BouncesTable({ tenant }: { tenant: GalleryTenant }) {
  const { t, i18n } = useTranslation()
  const stats = useEndpoint(pageBouncesEndpoint, { query: { tenant: tenant.id } })
  const seconds = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'second', maximumFractionDigits: 1 }), [i18n.language])
  const when = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }), [i18n.language])
  const rows = stats.data?.rows
  return (
    <Section data-testid="gallery-bounces">
      <h2>{t('landers.admin.bounces', { days: stats.data?.days ?? 30 })}</h2>
      <p>{t('landers.admin.bounces_intro', { count: stats.data?.total ?? 0 })}</p>
      {rows && rows.length > 0 && (
        <TableWrap>
          <table>
            <thead>
              <tr>
                <th>{t('landers.admin.col_page')}</th>
                <th>{t('landers.admin.col_bounces')}</th>
                <th>{t('landers.admin.col_median')}</th>
                <th>{t('landers.admin.col_last')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.path} data-testid="bounce-row">
                  <td>{r.path}</td>
                  <td className="n">{r.bounces}</td>
                  <td className="n">{seconds.format(r.median_ms / 1000)}</td>
                  <td>{when.format(new Date(r.last_at))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Section>
  )
}
