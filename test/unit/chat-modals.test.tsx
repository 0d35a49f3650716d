import { act, screen, within } from '@testing-library/react'
import { renderInShell } from '../support/shell'
import { IcebreakerModal, RefusalModal } from '../../src/features/chat/chat-modals'
import { GiftPicker } from '../../src/features/chat/pickers'

jest.mock('vike/client/router', () => ({ navigate: jest.fn(async () => {}) }))

// The gift list is not what these tests are about: the picker may stay at "loading".
beforeEach(() => {
  global.fetch = jest.fn(() => new Promise(() => undefined)) as unknown as typeof fetch
})

const noop = () => undefined

describe('dialogs over a conversation with a fictional profile (ACM disclosure)', () => {
  it('the first message suggestions carry the label and the warning, in the tenant\'s words', async () => {
    for (const tenant of ['datingstad', 'rijpedates']) {
      const { unmount, settings } = renderInShell(<IcebreakerModal name="Sandra" fictional onPick={noop} onClose={noop} />, { tenant, layout: 'chat' })
      await act(async () => undefined)
      const note = screen.getByTestId('fictional-warning-note')
      expect(within(note).getByTestId('fictional-label').textContent).toBe(settings.fictional_singular)
      expect(note.textContent).toContain(settings.fictional_warning)
      unmount()
    }
  })

  it('the gift picker carries them too', async () => {
    const { settings } = renderInShell(<GiftPicker name="Sandra" fictional credits={100} onPick={noop} onClose={noop} />, { layout: 'chat' })
    await act(async () => undefined)
    expect(screen.getByTestId('fictional-warning-note').textContent).toContain(settings.fictional_warning)
  })

  it('so does the dialog that asks for credits to write on', async () => {
    const { settings } = renderInShell(<RefusalModal refusal={{ code: 'insufficient_credits', message: '' }} fictional onClose={noop} />, { layout: 'chat' })
    await act(async () => undefined)
    expect(screen.getByTestId('fictional-warning-note').textContent).toContain(settings.fictional_warning)
  })

  it('a real member gets no such note', async () => {
    renderInShell(
      <>
        <IcebreakerModal name="Ingrid" fictional={false} onPick={noop} onClose={noop} />
        <GiftPicker name="Ingrid" fictional={false} credits={100} onPick={noop} onClose={noop} />
        <RefusalModal refusal={{ code: 'insufficient_credits', message: '' }} fictional={false} onClose={noop} />
      </>,
      { layout: 'chat' },
    )
    await act(async () => undefined)
    expect(screen.queryByTestId('fictional-warning-note')).toBeNull()
    expect(screen.getByTestId('icebreakers')).toBeTruthy()
  })
})
