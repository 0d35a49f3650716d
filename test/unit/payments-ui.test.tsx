// The client side of the payments: the low-balance badge, the time bonus (countdown, rules, the modal 40 s after
// entering the members area and its cancellation), the discount field's errors and prices, the return address.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import type { PageContext } from 'vike/types'
import { shellContext } from '../support/shell'
import { createSessionStore, applyBalanceEvent, type SessionState } from '../../src/shared/session/session-store'
import type { PresentedUser } from '../../src/shared/contracts'
import { buildTheme } from '../../themes/build-theme'
import { LowBalanceBadge } from '../../src/features/layout/top-nav'
import { discounted, formatCountdown, formatDateTime, formatMoney } from '../../src/features/payments/format'
import { isSafeReturnPath, withReturn } from '../../src/features/payments/return-path'
import { clearTimeBonus, emptyTimeBonus, isMembersArea, MODAL_DELAY_MS, showTimeBonus, tickTimeBonus, timeBonus, timeBonusModalDue } from '../../src/features/payments/time-bonus-store'
import { PayPage } from '../../src/features/payments/pay-page'
import { PremiumPage } from '../../src/features/payments/bundles-page'
import { pollDelay, resultKind, TransactionsPage } from '../../src/features/payments/transaction-pages'
import type { CreditsAnswer } from '../../src/features/payments/payments-api'
import type { PayPageData } from '../../src/features/payments/page-data.server'

jest.mock('vike/client/router', () => ({ navigate: jest.fn(async () => {}) }))

const theme = buildTheme({ primary: '#e91e63', secondary: '#ffb300' })

const member: PresentedUser = {
  id: 7, email: 'a@b.nl', status: 'active', credits: 0, paid_user: false, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
  fictional_icon: false, notifications_disabled: [], profile: { id: 7, name: 'Sanne', country: 'NL', status: 'active', main_image: null },
}

/** The page in the shell with the given session store (kept across rerenders) and page context. */
function shell(store: SessionState, extra: Partial<PageContext>, page: React.ReactNode = <p>inhoud</p>) {
  return shellContext({ store, extra }).shell(page)
}

/** A fetch answering by path prefix; unknown paths answer 404. */
function mockFetch(answers: Record<string, (url: string) => { status?: number; body: unknown }>) {
  const calls: string[] = []
  global.fetch = jest.fn(async (url: string) => {
    calls.push(url)
    const key = Object.keys(answers).find((k) => url.startsWith(k))
    const a = key ? answers[key](url) : { status: 404, body: { error: 'not_found', message: 'Niet gevonden.' } }
    const status = a.status ?? 200
    return { ok: status < 400, status, json: async () => a.body } as Response
  }) as unknown as typeof fetch
  return calls
}

const visibleBonus = (seconds = 3 * 3600) => ({ visible: true, seconds_left: seconds, code: 'TIMEBONUS25', percentage: 25 })

beforeEach(() => {
  window.localStorage.clear()
  clearTimeBonus()
})
afterEach(() => jest.useRealTimers())

describe('the low-balance badge of the navigation', () => {
  const colourOf = (el: Element) => window.getComputedStyle(el).backgroundColor
  const renderBadge = (credits: number) =>
    render(
      <ThemeProvider theme={theme}>
        <LowBalanceBadge credits={credits} label={`Saldo: ${credits}`} />
      </ThemeProvider>,
    )

  it('is absent above 10, warning-coloured from 10 down to 1 and danger-coloured at 0', () => {
    expect(renderBadge(11).container.textContent).toBe('')
    const ten = renderBadge(10).getByLabelText('Saldo: 10')
    expect(ten.textContent).toBe('10')
    expect(colourOf(ten)).toBe('rgb(249, 168, 37)')
    const one = renderBadge(1).getByLabelText('Saldo: 1')
    expect(colourOf(one)).toBe('rgb(249, 168, 37)')
    const zero = renderBadge(0).getByLabelText('Saldo: 0')
    expect(zero.textContent).toBe('0')
    expect(colourOf(zero)).toBe('rgb(198, 40, 40)')
  })

  it('follows the live balance event', () => {
    const store = createSessionStore({ ...member, paid_user: false, credits: 3 })
    expect(applyBalanceEvent(store, { type: 'balance', credits: 123, paid_user: true })).toBe(true)
    expect(store.user).toMatchObject({ credits: 123, paid_user: true })
    expect(applyBalanceEvent(store, { type: 'typing' })).toBe(false)
  })
})

describe('money and time formats', () => {
  it('shows the countdown as h:mm:ss and never below zero', () => {
    expect(formatCountdown(14_400)).toBe('4:00:00')
    expect(formatCountdown(3_599)).toBe('0:59:59')
    expect(formatCountdown(3_661)).toBe('1:01:01')
    expect(formatCountdown(0.4)).toBe('0:00:00')
    expect(formatCountdown(-5)).toBe('0:00:00')
  })

  it('formats money per language and dates in Amsterdam time', () => {
    expect(formatMoney(2750, 'EUR', 'nl').replace(/\s/g, ' ')).toBe('€ 27,50')
    expect(formatMoney(2750, 'EUR', 'de').replace(/\s/g, ' ')).toBe('27,50 €')
    // 23:30 UTC on 31 December is already New Year's Day in Amsterdam.
    expect(formatDateTime('2025-12-31T23:30:00Z', 'nl')).toContain('2026')
    expect(formatDateTime('2025-12-31T23:30:00Z', 'nl')).toContain('00:30')
    expect(discounted(2750, 25)).toBe(2063)
  })

  it('keeps only relative paths of this site as the way back', () => {
    expect(isSafeReturnPath('/chats/123')).toBe(true)
    expect(isSafeReturnPath('/members/5/chat?x=1')).toBe(true)
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'chats/1', '/ok\nSet-Cookie: x', 'javascript:alert(1)']) expect(isSafeReturnPath(bad)).toBe(false)
    expect(withReturn('/credits', '/chats/1')).toBe('/credits?return=%2Fchats%2F1')
    expect(withReturn('/credits?code=A', '//evil')).toBe('/credits?code=A')
  })

  it('maps payment states to what the result page shows, and polls less often over time', () => {
    expect(resultKind('open')).toBe('processing')
    expect(resultKind('pending')).toBe('processing')
    expect(resultKind('paid')).toBe('completed')
    for (const s of ['failed', 'cancelled', 'expired'] as const) expect(resultKind(s)).toBe('failed')
    expect(pollDelay(0)).toBe(2000)
    expect(pollDelay(1)).toBe(3000)
    expect(pollDelay(20)).toBe(15_000)
  })
})

describe('the time bonus rules', () => {
  it('ticks down by the clock and clears itself at zero; never more than 4 hours', () => {
    const state = emptyTimeBonus()
    showTimeBonus(state, { userId: 1, secondsLeft: 99_999, code: 'TIMEBONUS25', percentage: 25 }, 0)
    expect(state.secondsLeft).toBe(14_400)
    showTimeBonus(state, { userId: 1, secondsLeft: 3, code: 'TIMEBONUS25', percentage: 25 }, 1_000)
    tickTimeBonus(state, 2_000)
    expect(state.secondsLeft).toBe(2)
    tickTimeBonus(state, 4_000)
    expect(state.isVisible).toBe(false)
    showTimeBonus(state, { userId: 1, secondsLeft: 0, code: 'TIMEBONUS25', percentage: 25 }, 0)
    expect(state.isVisible).toBe(false)
  })

  it('knows the members area and when the modal is due', () => {
    for (const p of ['/members', '/members/12', '/chats', '/likes', '/likes/m/3', '/premium', '/members/']) expect(isMembersArea(p)).toBe(true)
    for (const p of ['/', '/profile', '/credits', '/chats/5', '/members/12/chat', '/likes/given', '/settings']) expect(isMembersArea(p)).toBe(false)
    const due = { credits: 0, paidUser: false, isVisible: true, dismissedAt: null, inArea: true }
    expect(timeBonusModalDue(due)).toBe(true)
    expect(timeBonusModalDue({ ...due, credits: 5 })).toBe(false)
    expect(timeBonusModalDue({ ...due, paidUser: true })).toBe(false)
    expect(timeBonusModalDue({ ...due, isVisible: false })).toBe(false)
    expect(timeBonusModalDue({ ...due, dismissedAt: '2026-01-01T00:00:00Z' })).toBe(false)
    expect(timeBonusModalDue({ ...due, inArea: false })).toBe(false)
  })

  it('loads on login, shows the banner with the countdown and opens the modal 40 s after entering the members area', async () => {
    jest.useFakeTimers()
    const calls = mockFetch({ '/api/time-bonus.php': () => ({ body: visibleBonus(3 * 3600) }) })
    const store = createSessionStore({ ...member })
    render(shell(store, { urlPathname: '/members' }))
    await act(async () => undefined)
    expect(calls).toContain('/api/time-bonus.php')
    expect(screen.getByTestId('time-bonus-banner').textContent).toContain('25% welkomstbonus')
    expect(screen.getByTestId('time-bonus-banner').getAttribute('href')).toBe('/credits')
    await act(async () => {
      jest.advanceTimersByTime(2_000)
    })
    expect(screen.getByTestId('time-bonus-banner').textContent).toContain('2:59:58')
    await act(async () => {
      jest.advanceTimersByTime(MODAL_DELAY_MS - 2_000 - 1)
    })
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    await act(async () => {
      jest.advanceTimersByTime(1)
    })
    const modal = screen.getByTestId('time-bonus-modal')
    expect(modal.textContent).toContain('4 uur')
    expect(screen.getByRole('dialog').textContent).toContain('25% welkomstbonus')
    // Closing it stores the dismissal; it does not come back.
    fireEvent.click(screen.getByRole('button', { name: 'Niet nu' }))
    expect(window.localStorage.getItem('hide-time-bonus-modal')).toMatch(/^\d{4}-/)
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
  })

  it('leaving the members area before 40 s cancels the modal; credits, paid or a dismissal prevent it', async () => {
    jest.useFakeTimers()
    mockFetch({ '/api/time-bonus.php': () => ({ body: visibleBonus() }) })
    const store = createSessionStore({ ...member })
    const view = render(shell(store, { urlPathname: '/members' }))
    await act(async () => undefined)
    await act(async () => {
      jest.advanceTimersByTime(30_000)
    })
    view.rerender(shell(store, { urlPathname: '/profile' }))
    await act(async () => {
      jest.advanceTimersByTime(20_000)
    })
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    // Back in the area the 40 s start again.
    view.rerender(shell(store, { urlPathname: '/likes' }))
    await act(async () => {
      jest.advanceTimersByTime(39_000)
    })
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    // Credits arrive: no modal.
    await act(async () => {
      store.user!.credits = 20
    })
    await act(async () => {
      jest.advanceTimersByTime(5_000)
    })
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    // Becoming paid clears the bonus and the banner.
    await act(async () => {
      store.user!.paid_user = true
    })
    expect(timeBonus.isVisible).toBe(false)
    expect(screen.queryByTestId('time-bonus-banner')).toBeNull()
  })

  it('is not loaded for a paid member, is cleared on logout and is not shown when dismissed before', async () => {
    jest.useFakeTimers()
    window.localStorage.setItem('hide-time-bonus-modal', '2026-01-01T00:00:00.000Z')
    const calls = mockFetch({ '/api/time-bonus.php': () => ({ body: visibleBonus() }) })
    const store = createSessionStore({ ...member })
    const view = render(shell(store, { urlPathname: '/members' }))
    await act(async () => undefined)
    expect(timeBonus.isVisible).toBe(true)
    await act(async () => {
      jest.advanceTimersByTime(60_000)
    })
    expect(screen.queryByTestId('time-bonus-modal')).toBeNull()
    await act(async () => {
      store.user = null
    })
    view.rerender(shell(store, { urlPathname: '/members' }))
    await act(async () => undefined)
    expect(timeBonus.isVisible).toBe(false)
    calls.length = 0
    const paid = createSessionStore({ ...member, paid_user: true })
    render(shell(paid, { urlPathname: '/members' }))
    await act(async () => undefined)
    expect(calls).not.toContain('/api/time-bonus.php')
  })
})

/** What /api/credits.php answers a free member of datingstad. */
const credits: CreditsAnswer = {
  bundles: [
    { id: 'starter', credits: 50, amount_cents: 1250, currency: 'EUR', price_per_credit_cents: 25, colour_index: 0, highlighted: false, premium: false },
    { id: 'popular', credits: 120, amount_cents: 2750, currency: 'EUR', price_per_credit_cents: 22.9, colour_index: 1, highlighted: true, premium: true },
  ],
  methods: ['ideal', 'creditcard', 'paypal'],
  country: 'NL',
  premium_bundle: 'popular',
  balance: 0,
  paid_user: false,
  fictional_notice: 'Let op: op Datingstad staan ook fictieve profielen, gemarkeerd als ‘Fictief profiel’. Fysiek contact met deze profielen is niet mogelijk.',
  refund_days: 14,
  direct_debit_limit_cents: 15000,
}

describe('the discount code at checkout', () => {
  const data: PayPageData = { credits, returnTo: null, code: null, bundleId: 'popular', method: null, welcome: null }
  const discount = (code: string, pct: number) => ({
    code, country: null, user_id: 7, expires: null, value_percentage: pct, currency: 'EUR', minimum_order_value: null, status: 'active', validity: null, expired: false, paymentmethods: null,
    order: { bundle_id: 'popular', amount_cents: 2750, discount_cents: Math.round((2750 * pct) / 100), total_cents: 2750 - Math.round((2750 * pct) / 100), currency: 'EUR' },
  })

  it('shows the API errors at the field and the price after a valid code', async () => {
    const calls = mockFetch({
      '/api/discountcode.php': (url) => {
        const code = new URL(url, 'http://x').searchParams.get('code')
        if (code === null) return { status: 404, body: { error: 'code_not_found', message: 'Code niet gevonden' } }
        if (code === 'FOUT') return { status: 404, body: { error: 'code_not_found', message: 'Code niet gevonden' } }
        if (code === 'GEBRUIKT') return { status: 409, body: { error: 'code_used', message: 'Code reeds gebruikt' } }
        return { body: discount(code, 10) }
      },
    })
    render(shell(createSessionStore({ ...member }), { urlPathname: '/credits/popular', data }, <PayPage />))
    await act(async () => undefined)
    expect(calls.filter((u) => u.startsWith('/api/discountcode.php'))).toEqual([])
    expect(screen.queryByTestId('discount-error')).toBeNull()
    expect(screen.getByTestId('fictional-notice').textContent).toContain('fictieve profielen')
    expect(screen.getByTestId('order-total').textContent).toContain('27,50')

    const field = screen.getByLabelText('Heb je een kortingscode?')
    fireEvent.change(field, { target: { value: 'FOUT' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }))
    })
    expect(screen.getByTestId('discount-error').textContent).toBe('Code niet gevonden')
    expect(field.getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(field, { target: { value: 'GEBRUIKT' } })
    expect(screen.queryByTestId('discount-error')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }))
    })
    expect(screen.getByTestId('discount-error').textContent).toBe('Code reeds gebruikt')

    fireEvent.change(field, { target: { value: 'TIEN' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Toepassen' }))
    })
    expect(screen.queryByTestId('discount-error')).toBeNull()
    expect(screen.getByTestId('discount-applied').textContent).toContain('10%')
    expect(screen.getByTestId('order-total').textContent).toContain('24,75')
  })

  it('applies the welcome code by itself and checks the code again for the chosen method', async () => {
    const calls = mockFetch({
      '/api/discountcode.php': (url) => {
        const q = new URL(url, 'http://x').searchParams
        if (q.get('method') === 'paypal') return { status: 400, body: { error: 'method_not_allowed', message: 'Deze betaalmethode is hier niet mogelijk' } }
        return { body: discount(q.get('code')!, 25) }
      },
    })
    render(shell(createSessionStore({ ...member }), { urlPathname: '/credits/popular', data: { ...data, welcome: discount('TIMEBONUS25', 25) } }, <PayPage />))
    await act(async () => undefined)
    expect(screen.getByTestId('discount-applied').textContent).toContain('Welkomstkorting van 25%')
    expect(screen.getByTestId('order-total').textContent).toContain('20,62')
    await act(async () => {
      fireEvent.click(screen.getByTestId('method-paypal').querySelector('input')!)
    })
    expect(calls.some((u) => u.includes('code=TIMEBONUS25') && u.includes('method=paypal'))).toBe(true)
    expect(screen.getByTestId('discount-error').textContent).toBe('Deze betaalmethode is hier niet mogelijk')
    expect(screen.getByTestId('order-total').textContent).toContain('27,50')
  })
})

describe('/transactions', () => {
  const links = () => screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/credits')

  it('offers one way to buy credits when there are no payments yet, and a link below the list otherwise', async () => {
    const { unmount } = render(shell(createSessionStore({ ...member }), { urlPathname: '/transactions', data: { transactions: [] } }, <TransactionsPage />))
    await act(async () => undefined)
    expect(screen.getByText('Je hebt nog geen betalingen gedaan.')).toBeTruthy()
    expect(links().map((a) => a.textContent)).toEqual(['Credits kopen'])
    unmount()

    const paid = { payment_id: 31, bundle_id: 'popular', credits: 120, amount_cents: 2750, currency: 'EUR', method: 'ideal' as const, status: 'paid' as const, created_at: '2026-11-20T10:00:00.000Z', paid_at: '2026-11-20T10:01:00.000Z' }
    render(shell(createSessionStore({ ...member }), { urlPathname: '/transactions', data: { transactions: [paid] } }, <TransactionsPage />))
    await act(async () => undefined)
    expect(screen.getAllByTestId('transaction')).toHaveLength(1)
    expect(links().map((a) => a.textContent)).toEqual(['Credits kopen'])
  })
})

describe('/premium', () => {
  const data = { credits, returnTo: null, code: null }

  it('asks a free member to become premium, and offers a premium member more of the same bundle', async () => {
    const { unmount } = render(shell(createSessionStore({ ...member }), { urlPathname: '/premium', data }, <PremiumPage />))
    await act(async () => undefined)
    expect(screen.queryByTestId('premium-state')).toBeNull()
    expect(screen.getByTestId('premium-buy').textContent?.replace(/\s/g, ' ')).toBe('Word premium: 120 credits voor € 27,50')
    expect(screen.getByTestId('fictional-notice').textContent).toContain('Fysiek contact met deze profielen is niet mogelijk.')
    unmount()

    render(shell(createSessionStore({ ...member, paid_user: true, credits: 250 }), { urlPathname: '/premium', data }, <PremiumPage />))
    await act(async () => undefined)
    expect(screen.getByTestId('premium-state').textContent).toBe('Je bent premium lid. Al je voordelen zijn actief.')
    expect(screen.getByTestId('premium-buy').textContent?.replace(/\s/g, ' ')).toBe('120 credits kopen voor € 27,50')
  })
})
