import { useState, type FormEvent } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { usePageContext } from '../../../renderer/page-context'
import { MAX_SEARCH_AGE, MIN_SEARCH_AGE } from '../../shared/discovery-contracts'
import { Button } from '../../ui/button'
import { Chip, Choices, useRegions } from '../profile'
import { useKeptContent } from '../../shared/fragment-cache'
import type { FilterForm } from './search-store'

type SearchField = 'gender' | 'country' | 'region' | 'age'

const Panel = styled.form(({ theme }) => ({
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius,
  padding: 16,
  boxShadow: '0 4px 14px rgba(0,0,0,0.05)',
  [theme.mq.lg]: { position: 'sticky', top: 84, padding: 20 },
}))

const Toggle = styled.button(({ theme }) => ({
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  background: 'none',
  border: 'none',
  padding: 0,
  font: 'inherit',
  fontWeight: 700,
  fontSize: 17,
  color: theme.colors.text,
  cursor: 'pointer',
  minHeight: 44,
  [theme.mq.lg]: { cursor: 'default' },
}))

const Summary = styled.span(({ theme }) => ({ color: theme.colors.muted, fontWeight: 500, fontSize: 14, marginLeft: 8, flex: 1, textAlign: 'left', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }))

const Arrow = styled.span(({ theme }) => ({ [theme.mq.lg]: { display: 'none' } }))

const Body = styled.div<{ open: boolean }>(({ theme, open }) => ({
  display: open ? 'block' : 'none',
  marginTop: 12,
  [theme.mq.lg]: { display: 'block' },
}))

const Label = styled.label(({ theme }) => ({
  display: 'block',
  fontWeight: 600,
  marginBottom: 14,
  select: {
    display: 'block',
    width: '100%',
    minHeight: 44,
    marginTop: 6,
    borderRadius: 10,
    padding: '0 10px',
    fontSize: 16,
    border: `1.5px solid ${theme.colors.border}`,
    background: '#fff',
    color: theme.colors.text,
  },
}))

/** A group of the form (gender, age range) under one legend, as the labels of the selects. */
const Group = styled.fieldset({ border: 'none', padding: 0, margin: '0 0 14px', minWidth: 0, legend: { fontWeight: 600, padding: 0 } })
/**
 * The gender choices as equal columns on phones, and one below the other in the 280 px sidebar, where three chips
 * side by side did not fit and wrapped two and one (or broke their words). A word breaks only if alone it is wider.
 */
const GenderChoices = styled(Choices)(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  margin: '8px 0 4px',
  label: { display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', minHeight: 44, padding: '6px 8px', overflowWrap: 'break-word' },
  [theme.mq.lg]: { gridTemplateColumns: 'minmax(0, 1fr)' },
}))
/** The age range on one line, "18 – 99", under the legend: no label of its own to wrap beside the other's. */
const AgeRow = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
  gap: 8,
  alignItems: 'center',
  marginTop: 6,
  select: {
    width: '100%',
    minHeight: 44,
    borderRadius: 10,
    padding: '0 10px',
    fontSize: 16,
    border: `1.5px solid ${theme.colors.border}`,
    background: '#fff',
    color: theme.colors.text,
  },
}))
const Actions = styled.div({ display: 'flex', gap: 10, flexWrap: 'wrap', button: { flex: '1 1 auto' } })

const AGES = Array.from({ length: MAX_SEARCH_AGE - MIN_SEARCH_AGE + 1 }, (_, i) => MIN_SEARCH_AGE + i)

/** One end of the age range (named for screen readers; the legend is its visible label): the other end follows so that min never exceeds max. */
function AgeSelect({ name, label, value, onChange }: { name: string; label: string; value: number; onChange: (age: number) => void }) {
  return (
    <select name={name} aria-label={label} value={value} onChange={(e) => onChange(Number(e.target.value))}>
      {AGES.map((a) => (
        <option key={a} value={a}>
          {a}
        </option>
      ))}
    </select>
  )
}

/** The search filters the tenant offers (search_fields): gender, country, region, age range; applied on submit, cleared at once. */
export function SearchFilters({ applied, fields, busy, onSearch }: { applied: FilterForm; fields: readonly SearchField[]; busy: boolean; onSearch: (form: FilterForm) => void }) {
  const { t } = useTranslation()
  const { tenant } = usePageContext()
  const [form, setForm] = useState<FilterForm>(applied)
  const [open, setOpen] = useState(false)
  const regions = useRegions()
  const has = (f: SearchField) => fields.includes(f)
  const set = (patch: Partial<FilterForm>) => setForm((f) => ({ ...f, ...patch }))
  const countryRegions = regions.find((c) => c.country === form.country)?.regions ?? []
  const countries = tenant.settings.countries

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setOpen(false)
    onSearch(form)
  }
  const clear = () => {
    const cleared: FilterForm = { gender: '', country: '', countryregion: '', min_age: MIN_SEARCH_AGE, max_age: MAX_SEARCH_AGE }
    setForm(cleared)
    setOpen(false)
    onSearch(cleared)
  }

  const summary = [
    applied.gender ? t(`members.filters.seek_${applied.gender}`) : null,
    applied.country ? countries.find((c) => c.code === applied.country)?.name : null,
    t('members.filters.age_range', { min: applied.min_age, max: applied.max_age }),
  ]
    .filter(Boolean)
    .join(' · ')

  // The filters' body is most of the elements React renders for a search page (82 ages twice): on the server it is
  // kept across renders (decision 050) for what it shows, the applied filters with the regions and fields offered.
  const body = () => (
    <>
      {has('gender') && (
        <Group>
          <legend>{t('members.filters.gender')}</legend>
          <GenderChoices data-testid="gender-choices">
            {(['female', 'male', ''] as const).map((g) => (
              <Chip key={g || 'any'}>
                <input type="radio" name="gender" value={g} checked={form.gender === g} onChange={() => set({ gender: g })} />
                {g ? t(`members.filters.gender_${g}`) : t('members.filters.gender_any')}
              </Chip>
            ))}
          </GenderChoices>
        </Group>
      )}
      {has('country') && (
        <Label>
          {t('members.filters.country')}
          <select name="country" value={form.country} onChange={(e) => set({ country: e.target.value, countryregion: '' })}>
            <option value="">{t('members.filters.all_countries')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </Label>
      )}
      {has('region') && (
        <Label>
          {t('members.filters.region')}
          <select name="countryregion" value={form.countryregion} disabled={has('country') && !form.country} onChange={(e) => set({ countryregion: e.target.value })}>
            <option value="">{has('country') && !form.country ? t('members.filters.choose_country_first') : t('members.filters.all_regions')}</option>
            {countryRegions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </Label>
      )}
      {has('age') && (
        <Group data-testid="age-range">
          <legend>{t('member.fields.age')}</legend>
          <AgeRow>
            <AgeSelect name="min_age" label={t('members.filters.min_age')} value={form.min_age} onChange={(a) => set({ min_age: a, max_age: Math.max(form.max_age, a) })} />
            <span aria-hidden="true">–</span>
            <AgeSelect name="max_age" label={t('members.filters.max_age')} value={form.max_age} onChange={(a) => set({ max_age: a, min_age: Math.min(form.min_age, a) })} />
          </AgeRow>
        </Group>
      )}
      <Actions>
        <Button type="submit" disabled={busy} data-testid="search-submit">
          {busy ? t('common.loading') : t('members.filters.search')}
        </Button>
        <Button type="button" variant="ghost" onClick={clear} disabled={busy} data-testid="clear-filters">
          {t('members.filters.clear')}
        </Button>
      </Actions>
    </>
  )
  const bodyContent = useKeptContent(() => `search-filters\u0000${JSON.stringify([form, fields, busy, countryRegions])}`, body)

  return (
    <Panel onSubmit={submit} aria-label={t('members.filters.title')} data-testid="search-filters">
      <Toggle type="button" aria-expanded={open} aria-controls="filter-body" onClick={() => setOpen(!open)}>
        {t('members.filters.title')}
        <Summary data-testid="filter-summary">{summary}</Summary>
        <Arrow aria-hidden="true">{open ? '▴' : '▾'}</Arrow>
      </Toggle>
      <Body open={open} id="filter-body" {...bodyContent} />
    </Panel>
  )
}
