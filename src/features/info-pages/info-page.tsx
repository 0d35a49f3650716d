import { useTranslation } from '../../shared/use-translation'
import styled from '../../ui/styled'
import { useData, usePageContext } from '../../../renderer/page-context'
import { PageColumn, Card, PageTitle } from '../../ui/page'
import type { InfoPageData } from './info-pages.server'

const Section = styled.section(({ theme }) => ({
  h2: { fontSize: 20, margin: '28px 0 8px', color: theme.colors.primaryDark },
  p: { margin: '0 0 12px', whiteSpace: 'pre-line' },
}))

const Company = styled.dl(({ theme }) => ({
  display: 'grid',
  // The label column may wrap ("Unternehmensnummer (ZDU/KBO)" on a phone), at most 45% of the width.
  gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)',
  gap: '4px 16px',
  margin: '24px 0 0',
  padding: 16,
  borderRadius: 10,
  background: theme.colors.primarySoft,
  dt: { fontWeight: 700 },
  dd: { margin: 0, overflowWrap: 'anywhere' },
}))

export function InfoPage() {
  const { t } = useTranslation()
  const data = useData<InfoPageData>()
  const { tenant } = usePageContext()
  const c = tenant.company
  return (
    <PageColumn>
      <Card>
        <PageTitle>{data.title}</PageTitle>
        {data.version && <p data-testid="version">{data.version}</p>}
        {data.intro && <p style={{ whiteSpace: 'pre-line' }}>{data.intro}</p>}
        {data.sections.map((s, i) => (
          <Section key={i}>
            {s.heading && <h2>{s.heading}</h2>}
            <p>{s.body}</p>
          </Section>
        ))}
        {data.company && (
          <Company data-testid="company">
            <dt>{data.company.name}</dt>
            <dd>{c.name}</dd>
            <dt>{data.company.address}</dt>
            <dd>
              {c.address}, {c.zip} {c.city}, {tenant.settings.countries.find((x) => x.code === c.country)?.name ?? c.country}
            </dd>
            <dt>{data.company.kvk}</dt>
            <dd>{c.kvk}</dd>
            <dt>{data.company.tradenames}</dt>
            <dd>{c.tradenames.join(', ')}</dd>
            <dt>{data.company.vat}</dt>
            <dd>{c.vat_numbers.join(', ')}</dd>
            <dt>{data.company.email}</dt>
            <dd>
              <a href={`mailto:${tenant.settings.support_email}`}>{tenant.settings.support_email}</a>
            </dd>
            <dt>{data.company.phone}</dt>
            <dd>
              <a href={`tel:${c.support_phone}`}>{c.support_phone}</a>
            </dd>
          </Company>
        )}
        <p style={{ marginTop: 24 }}>{t('info.contact', { email: tenant.settings.support_email, phone: c.support_phone })}</p>
      </Card>
    </PageColumn>
  )
}
