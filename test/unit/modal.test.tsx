import { act, fireEvent, render, screen } from '@testing-library/react'
import { ThemeProvider } from '@emotion/react'
import { useState } from 'react'
import { buildTheme } from '../../themes/build-theme'
import { Modal } from '../../src/ui/modal'

function Example({ dismissible }: { dismissible: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <ThemeProvider theme={buildTheme({ primary: '#e91e63', secondary: '#ffb300' })}>
      <button type="button" onClick={() => setOpen(true)}>
        Openen
      </button>
      {open && (
        <Modal title="Titel" onClose={() => setOpen(false)} closeLabel="Sluiten" onDismiss={dismissible ? () => setOpen(false) : undefined}>
          <button type="button">Binnen</button>
        </Modal>
      )}
    </ThemeProvider>
  )
}

describe('the modal dialog', () => {
  it('is a native dialog named by its title; focus moves in on opening and back to the opener on closing', async () => {
    render(<Example dismissible />)
    const opener = screen.getByRole('button', { name: 'Openen' })
    opener.focus()
    await act(async () => fireEvent.click(opener))
    const dialog = screen.getByRole('dialog', { name: 'Titel' })
    expect(dialog.tagName).toBe('DIALOG')
    expect(dialog.hasAttribute('open')).toBe(true)
    expect(dialog.contains(document.activeElement)).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sluiten' })))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('Escape and a click beside the card dismiss it when allowed', async () => {
    render(<Example dismissible />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Openen' })))
    await act(async () => fireEvent.keyDown(screen.getByRole('button', { name: 'Binnen' }), { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Openen' })))
    await act(async () => fireEvent.click(screen.getByRole('dialog')))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('without onDismiss, Escape and the backdrop leave it open (the entry warning)', async () => {
    render(<Example dismissible={false} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Openen' })))
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    await act(async () => screen.getByRole('button', { name: 'Binnen' }).dispatchEvent(escape))
    // The browser's own cancel is prevented too.
    expect(escape.defaultPrevented).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('dialog')))
    expect(screen.getByRole('dialog', { name: 'Titel' })).toBeTruthy()
  })
})
