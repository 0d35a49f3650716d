// Reactivation by login (issue 19 bug 6, docs/decisions/025-reactivation-by-login.md): the answer account_deleted
// shows its message with a button that sends the same credentials again with reactivate.
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import '../support/text-encoder'
import { renderInShell } from '../support/shell'
import { LoginPage } from '../../src/features/accounts/login-page'

async function renderLogin() {
  renderInShell(<LoginPage />, { extra: { urlPathname: '/login' } })
  await act(async () => undefined)
}

const deletedMessage = 'Je account is verwijderd. Binnen 14 dagen na het verwijderen kun je het heractiveren.'

it('offers "Reactiveer mijn account" after account_deleted and sends the same credentials with reactivate', async () => {
  const logins: unknown[] = []
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/user.php') && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { reactivate?: boolean }
      logins.push(body)
      if (!body.reactivate) return { ok: false, status: 403, json: async () => ({ error: 'account_deleted', message: deletedMessage }) } as Response
      return { ok: false, status: 401, json: async () => ({ error: 'login_failed', message: 'Login mislukt, probeer opnieuw' }) } as Response
    }
    return { ok: true, status: 200, json: async () => ({}) } as Response
  }) as unknown as typeof fetch
  await renderLogin()
  fireEvent.change(screen.getByLabelText('E-mailadres'), { target: { value: 'weg@example.nl' } })
  fireEvent.change(screen.getByLabelText('Wachtwoord'), { target: { value: 'geheim123' } })
  fireEvent.click(screen.getByRole('button', { name: 'Inloggen' }))
  const box = await screen.findByTestId('account-deleted')
  expect(box.textContent).toContain(deletedMessage)
  expect(screen.queryByTestId('login-error')).toBeNull()

  fireEvent.click(screen.getByRole('button', { name: 'Reactiveer mijn account' }))
  await waitFor(() => expect(logins).toHaveLength(2))
  expect(logins).toEqual([
    { email: 'weg@example.nl', password: 'geheim123' },
    { email: 'weg@example.nl', password: 'geheim123', reactivate: true },
  ])
  // Any other answer is the plain error again.
  expect((await screen.findByTestId('login-error')).textContent).toBe('Login mislukt, probeer opnieuw')
  expect(screen.queryByTestId('account-deleted')).toBeNull()
})
