import { act, fireEvent, render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import { buildTheme } from '../../themes/build-theme'
import { DismissibleAlert, useDismissal } from '../../src/ui/dismissible-alert'

function Example() {
  const [dismissedAt, dismiss] = useDismissal('hide-enrich-alert')
  if (dismissedAt) return null
  return <DismissibleAlert tone="primary" role="note" testId="alert" body="Voeg een foto toe" href="/profile" linkText="Foto toevoegen" dismissText="Verbergen" onDismiss={dismiss} />
}

const renderExample = () =>
  render(
    <ThemeProvider theme={buildTheme({ primary: '#e91e63', secondary: '#ffb300' })}>
      <Example />
    </ThemeProvider>,
  )

describe('dismissible alerts', () => {
  beforeEach(() => window.localStorage.clear())

  it('stores the dismissal with a timestamp under its key and stays hidden afterwards', async () => {
    const { unmount } = renderExample()
    expect(screen.getByTestId('alert').textContent).toContain('Voeg een foto toe')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Verbergen' })))
    expect(screen.queryByTestId('alert')).toBeNull()
    expect(new Date(window.localStorage.getItem('hide-enrich-alert')!).getTime()).toBeGreaterThan(Date.now() - 5000)
    unmount()
    renderExample()
    expect(screen.queryByTestId('alert')).toBeNull()
  })
})
