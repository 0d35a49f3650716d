// One tenant read-only in the console's tenants view (issue 13, decision 037 addendum): its settings as
// /api/settings.php returns them (in a language of the brand), its theme swatches with the WCAG AA contrast of
// every pair the UI draws (the check of tenant:new and the server start), and links to its landers.
import { useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useEndpoint } from '../../shared/api-client'
import { Alert, SelectInput } from '../../ui/form'
import { Section, Table, TableWrap } from './console-frame'
import { tenantDetailEndpoint, type ConsoleTenant, type ContrastResultView } from './tenant-endpoints'

const Swatch = ({ colour, size = 16 }: { colour: string; size?: number }) => (
  <span aria-hidden="true" style={{ display: 'inline-block', width: size, height: size, borderRadius: 4, background: colour, border: '1px solid rgba(0,0,0,.2)', verticalAlign: 'middle' }} />
)

function pairName(t: (k: string, o?: Record<string, unknown>) => string, r: ContrastResultView): string {
  const pkg = /^package_(\d+)$/.exec(r.id)
  return pkg ? t('admin.tenants.pairs.package', { n: Number(pkg[1]) + 1 }) : t(`admin.tenants.pairs.${r.id}`, { defaultValue: r.name })
}

// On a phone a setting's name stands above its value: two columns of 200 px keys and JSON do not fit in 390.
const SettingsTable = styled(Table)({
  '@media (max-width: 599px)': { minWidth: 0, 'tr, th, td': { display: 'block' }, th: { borderBottom: 'none', paddingBottom: 0 } },
})

const PRE = { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 12 } as const
const SHORT_JSON = 120

/**
 * A settings value: text as it is, anything else as the JSON settings.php sends: on one line when short, and a
 * long one (the countries, the packages, the landers…) folded to its first characters, opened to the whole of it
 * indented, so the page stays a page to scan instead of tens of thousands of pixels of JSON.
 */
function Value({ value }: { value: unknown }) {
  if (typeof value === 'string') return <>{value}</>
  const compact = JSON.stringify(value)
  if (compact.length <= SHORT_JSON) return <code style={PRE}>{compact}</code>
  return (
    <details data-testid="setting-folded">
      <summary style={{ cursor: 'pointer' }}>
        <code style={PRE}>{`${compact.slice(0, SHORT_JSON)}…`}</code>
      </summary>
      <pre style={PRE}>{JSON.stringify(value, null, 2)}</pre>
    </details>
  )
}

export function TenantDetail({ tenant }: { tenant: ConsoleTenant }) {
  const { t, i18n } = useTranslation()
  const [lng, setLng] = useState(tenant.default_locale)
  const { data, error } = useEndpoint(tenantDetailEndpoint, { query: { id: tenant.id, lng } })
  const ratio = (n: number) => `${n.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}:1`
  if (error) return <Alert role="alert">{error.message}</Alert>
  if (!data) return <p>{t('common.loading')}</p>
  const passing = data.contrast.filter((r) => r.passes).length
  return (
    <div data-testid="tenant-detail" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      <Section aria-labelledby={`contrast-${tenant.id}`}>
        <h2 id={`contrast-${tenant.id}`}>{t('admin.tenants.contrast_title', { min: data.contrast_minimum.toLocaleString(i18n.language) })}</h2>
        <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 12px', display: 'flex', flexWrap: 'wrap', gap: 16 }} data-testid="tenant-swatches">
          {(['primary', 'secondary', 'unread', 'background', 'text'] as const).map((k) => (
            <li key={k} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
              <Swatch colour={data.theme[k]} size={28} />
              <span>
                {t(`admin.tenants.colour.${k}`)}
                <br />
                <code>{data.theme[k]}</code>
              </span>
            </li>
          ))}
        </ul>
        <p data-testid="contrast-summary">{t('admin.tenants.contrast_summary', { passing, total: data.contrast.length })}</p>
        <TableWrap>
          <Table style={{ minWidth: 640 }}>
            <thead>
              <tr>
                <th>{t('admin.tenants.pair')}</th>
                <th>{t('admin.tenants.sample')}</th>
                <th>{t('admin.tenants.ratio')}</th>
                <th>{t('admin.tenants.result')}</th>
              </tr>
            </thead>
            <tbody>
              {data.contrast.map((r) => (
                <tr key={r.id} data-testid="contrast-row" data-passes={r.passes}>
                  <td>{pairName(t, r)}</td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <span style={{ display: 'inline-block', padding: '2px 10px', borderRadius: 6, color: r.foreground, background: r.background, border: '1px solid rgba(0,0,0,.15)', fontWeight: 600 }}>Aa</span>{' '}
                    <small>
                      <code>{r.foreground}</code> / <code>{r.background}</code>
                    </small>
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>{ratio(r.ratio)}</td>
                  <td>
                    <strong>{r.passes ? `✓ ${t('admin.tenants.passes')}` : `✗ ${t('admin.tenants.fails')}`}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
      </Section>

      <Section aria-labelledby={`landers-${tenant.id}`}>
        <h2 id={`landers-${tenant.id}`}>{t('admin.tenants.landers_title')}</h2>
        <ul style={{ margin: 0, paddingLeft: 18, display: 'grid', gap: 4 }} data-testid="tenant-landers">
          {[...new Set(data.landers.map((l) => l.design))].map((design) => (
            <li key={design}>
              <strong>{design}</strong>:{' '}
              {data.landers
                .filter((l) => l.design === design)
                .map((l, i) => (
                  <span key={l.href}>
                    {i > 0 && ' · '}
                    <a href={l.href} target="_blank" rel="noreferrer">
                      {l.slug || t('admin.tenants.default_slug')}
                    </a>
                  </span>
                ))}
            </li>
          ))}
        </ul>
        <p style={{ marginBottom: 0 }}>
          <a href="/admin/landers">{t('admin.tenants.open_gallery')}</a>
        </p>
      </Section>

      <Section aria-labelledby={`settings-${tenant.id}`}>
        <h2 id={`settings-${tenant.id}`}>{t('admin.tenants.settings_title')}</h2>
        <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
          {t('admin.tenants.settings_language')}
          <SelectInput value={data.settings_language} onChange={(e) => setLng(e.target.value)} data-testid="settings-language">
            {tenant.languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </SelectInput>
        </label>
        <TableWrap>
          <SettingsTable data-testid="tenant-settings">
            <tbody>
              {Object.entries(data.settings).map(([k, v]) => (
                <tr key={k}>
                  <th scope="row" style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                    <code>{k}</code>
                  </th>
                  <td style={{ overflowWrap: 'anywhere' }}>
                    <Value value={v} />
                  </td>
                </tr>
              ))}
            </tbody>
          </SettingsTable>
        </TableWrap>
      </Section>
    </div>
  )
}
