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
    // Each text once over two renders: 'hello' and 'missing.key' without options, the three with options of plain
    // values (decision 042, second addendum: a member card's photo text with the name).
    expect(spy.mock.calls.filter(([key]) => key === 'hello')).toHaveLength(1)
    expect(spy.mock.calls.filter(([key]) => key === 'greet')).toHaveLength(1)
    expect(spy.mock.calls.filter(([key]) => key === 'many')).toHaveLength(2)
    i18n.addResourceBundle('nl', 'common', { hello: 'Hoi', greet: 'Hoi {{name}}' }, true, true)
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <Texts />
      </I18nextProvider>,
    )
    expect(screen.getByText(/Hoi/).textContent).toBe('Hoi | Hoi Sanne | 1 like | 3 likes | missing.key')
  })

  it('answers calls with options as i18next does: each value apart, objects and returnObjects asked each time', async () => {
    const i18n = await instance()
    i18n.addResourceBundle('nl', 'common', { list: ['a', 'b'], typed: '{{v}}' }, true, true)
    let t: ReturnType<typeof useTranslation>['t'] | undefined
    function Grab() {
      t = useTranslation().t
      return null
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Grab />
      </I18nextProvider>,
    )
    const spy = jest.spyOn(i18n, 't')
    const calls: [string, Record<string, unknown>][] = [
      ['greet', { name: 'Sanne' }],
      ['greet', { name: 'Sanne","x":"y' }],
      ['greet', { name: 'Sanne', x: 'y' }],
      ['typed', { v: 1 }],
      ['typed', { v: '1' }],
      ['typed', { v: true }],
      ['many', { count: 1 }],
      ['many', { count: 2 }],
      ['greet', { name: 'Sanne', interpolation: { escapeValue: true } }],
      ['greet', { name: '<b>' }],
      ['list', { returnObjects: true }],
    ]
    for (let round = 0; round < 3; round++) {
      for (const [key, options] of calls) expect(t!(key, options as never)).toEqual(i18n.t(key, options as never))
    }
    // i18n.t above was called once per check; t itself reached it once per distinct plain call, each time for
    // the call with an object option and for returnObjects.
    const viaT = spy.mock.calls.length - 3 * calls.length
    expect(viaT).toBe(calls.length - 2 + 3 * 2)
  })
})

describe("the head's title", () => {
  it('is asked of i18next once per language and text, not on every request (renderer/title.ts, documentTitle)', async () => {
    const { shellContext } = await import('../support/shell')
    const { documentTitle } = await import('../../renderer/title')
    const { pageContext, i18n } = shellContext({ layout: 'empty', extra: { urlPathname: '/members' } })
    Object.assign(pageContext, { config: { layout: 'empty', title: 'members.title' } })
    const spy = jest.spyOn(i18n, 't')
    expect(documentTitle(pageContext, i18n)).toBe('Leden zoeken | Datingstad')
    expect(documentTitle(pageContext, i18n)).toBe('Leden zoeken | Datingstad')
    expect(spy.mock.calls.filter(([key]) => key === 'members.title')).toHaveLength(1)
    spy.mockRestore()
  })
})
