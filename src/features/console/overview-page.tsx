// /admin: every brand of the staff member's pools with its domains, pool, niche, members, and per day the signups,
// active members and revenue of the last 30 days, as charts (decision 028).
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { useEndpoint } from '../../shared/api-client'
import { Alert } from '../../ui/form'
import { PageTitle } from '../../ui/page'
import { ConsoleFrame, Section } from './console-frame'
import { BarChart } from './charts'
import { OVERVIEW_DAYS, overviewEndpoint } from './endpoints'

const Charts = styled.div(({ theme }) => ({ display: 'grid', gap: 16, gridTemplateColumns: '1fr', [theme.mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)' } }))
const Facts = styled.dl(({ theme }) => ({
  display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px', margin: '0 0 12px', fontSize: 14, dt: { color: theme.colors.muted }, dd: { margin: 0, overflowWrap: 'anywhere' },
}))

export function OverviewPage() {
  return <ConsoleFrame action="overview.view" path="/admin">{() => <Overview />}</ConsoleFrame>
}

function Overview() {
  const { t, i18n } = useTranslation()
  const { data, error } = useEndpoint(overviewEndpoint, { query: { days: OVERVIEW_DAYS } })
  const money = (currency: string) => (cents: number) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency, maximumFractionDigits: 0 }).format(cents / 100)
  return (
    <>
      <PageTitle>{t('admin.overview.title')}</PageTitle>
      <p>{t('admin.overview.period', { days: OVERVIEW_DAYS })}</p>
      {error && <Alert role="alert">{error.message}</Alert>}
      {data?.tenants.map((tenant) => (
        <Section key={tenant.id} aria-labelledby={`tenant-${tenant.id}`} data-testid="overview-tenant">
          <h2 id={`tenant-${tenant.id}`}>{tenant.name}</h2>
          <Facts>
            <dt>{t('admin.overview.domains')}</dt>
            <dd>{tenant.domains.join(', ')}</dd>
            <dt>{t('admin.overview.pool')}</dt>
            <dd>{tenant.pool}</dd>
            <dt>{t('admin.overview.niche')}</dt>
            <dd>{tenant.niche}</dd>
            <dt>{t('admin.overview.members')}</dt>
            <dd>{tenant.members}</dd>
          </Facts>
          <Charts>
            <BarChart id={`${tenant.id}-signups`} title={t('admin.overview.signups')} days={data.days} values={tenant.signups} color="#1f6fb2" />
            <BarChart id={`${tenant.id}-active`} title={t('admin.overview.active')} days={data.days} values={tenant.active} color="#2e7d32" />
            {tenant.revenue.length === 0 ? (
              <BarChart id={`${tenant.id}-revenue`} title={t('admin.overview.revenue')} days={data.days} values={data.days.map(() => 0)} color="#8e3b8e" format={money('EUR')} />
            ) : (
              tenant.revenue.map((r) => (
                <BarChart key={r.currency} id={`${tenant.id}-revenue-${r.currency}`} title={`${t('admin.overview.revenue')} (${r.currency})`} days={data.days} values={r.cents} color="#8e3b8e" format={money(r.currency)} />
              ))
            )}
          </Charts>
        </Section>
      ))}
    </>
  )
}
