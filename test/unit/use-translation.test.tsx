import { render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { useTranslation } from '../../src/shared/use-translation'

async function instance() {
  const i18n = i18next.createInstance()
  await i18n.init({ lng: 'nl', resources: { nl: { common: { hello: 'Hallo', greet: 'Hallo {{name}}', many_one: '{{count}} like', many_other: '{{count}} likes' } } }, defaultNS: 'common', ns: ['common'], interpolation: { escapeValue: false } })
  return i18n
}

function Texts() {
  const { t } = useTranslation()
  return (
    <p>
      {[t('hello'), t('greet', { name: 'Sanne' }), t('many', { count: 1 }), t('many', { count: 3 }), t('missing.key')].join(' | ')}
    </p>
  )
}

describe('useTranslation', () => {
  it('gives the texts of i18next, with and without options', async () => {
    const i18n = await instance()
    render(
      <I18nextProvider i18n={i18n}>
        <Texts />
      </I18nextProvider>,
    )
    expect(screen.getByText(/Hallo/).textContent).toBe('Hallo | Hallo Sanne | 1 like | 3 likes | missing.key')
  })

  it('remembers texts asked for without options, and forgets them when the instance gets new resources', async () => {
    const i18n = await instance()
    const spy = jest.spyOn(i18n, 't')
    const view = render(
      <I18nextProvider i18n={i18n}>
        <Texts />
      </I18nextProvider>,
    )
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <Texts />
      </I18nextProvider>,
    )
    // 'hello' and 'missing.key' once each over two renders; the three calls with options twice each.
    expect(spy.mock.calls.filter(([key]) => key === 'hello')).toHaveLength(1)
    expect(spy.mock.calls.filter(([key]) => key === 'many')).toHaveLength(4)
    i18n.addResourceBundle('nl', 'common', { hello: 'Hoi' }, true, true)
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <Texts />
      </I18nextProvider>,
    )
    expect(screen.getByText(/Hoi/).textContent).toContain('Hoi | Hallo Sanne')
  })
})
