// The entry warning opens without React (decision 052): the same function runs inline in a deferred page, from its
// source text, and from the EntryWarning component after a client navigation.
import { ENTRY_WARNING_KEY, openEntryWarning } from '../../src/features/layout/entry-warning-dialog'

function dialogMarkup() {
  document.body.innerHTML =
    '<dialog data-entry-warning="true"><div data-modal-card="" tabindex="-1"><h2>Let op</h2><button data-entry-confirm="" data-native="">Ik ben 18+</button><a href="https://www.google.com/">Verlaten</a></div></dialog>'
  return document.querySelector('dialog')!
}
const isOpen = (d: HTMLDialogElement) => d.hasAttribute('open')

describe('openEntryWarning', () => {
  afterEach(() => {
    window.localStorage.clear()
    document.body.innerHTML = ''
  })

  it('opens the dialog, focuses its card, and confirming stores the time and closes it', () => {
    const dialog = dialogMarkup()
    openEntryWarning(dialog)
    expect(isOpen(dialog)).toBe(true)
    expect(document.activeElement).toBe(dialog.querySelector('[data-modal-card]'))
    dialog.querySelector<HTMLButtonElement>('[data-entry-confirm]')!.click()
    expect(isOpen(dialog)).toBe(false)
    expect(Date.parse(window.localStorage.getItem(ENTRY_WARNING_KEY)!)).toBeGreaterThan(Date.now() - 5000)
  })

  it('is not shown again once confirmed, nor in the installed app', () => {
    window.localStorage.setItem(ENTRY_WARNING_KEY, '2026-01-01T00:00:00.000Z')
    const dialog = dialogMarkup()
    openEntryWarning(dialog)
    expect(isOpen(dialog)).toBe(false)
    window.localStorage.clear()
    const standalone = dialogMarkup()
    const matchMedia = window.matchMedia
    window.matchMedia = ((q: string) => ({ matches: q === '(display-mode: standalone)' })) as unknown as typeof window.matchMedia
    try {
      openEntryWarning(standalone)
    } finally {
      window.matchMedia = matchMedia
    }
    expect(isOpen(standalone)).toBe(false)
  })

  it('Escape and a cancel do not close it', () => {
    const dialog = dialogMarkup()
    openEntryWarning(dialog)
    const esc = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })
    dialog.dispatchEvent(esc)
    expect(esc.defaultPrevented).toBe(true)
    const cancel = new Event('cancel', { cancelable: true })
    dialog.dispatchEvent(cancel)
    expect(cancel.defaultPrevented).toBe(true)
    expect(isOpen(dialog)).toBe(true)
  })

  it('wires a dialog once: a second call (the component after the inline script) adds no second handler', () => {
    const dialog = dialogMarkup()
    openEntryWarning(dialog)
    openEntryWarning(dialog)
    const setItem = jest.spyOn(Storage.prototype, 'setItem')
    try {
      dialog.querySelector<HTMLButtonElement>('[data-entry-confirm]')!.click()
      expect(setItem).toHaveBeenCalledTimes(1)
    } finally {
      setItem.mockRestore()
    }
  })

  it('runs from its source text alone, as the inline script of a deferred page does', () => {
    const dialog = dialogMarkup()
    new Function(`(${openEntryWarning.toString()})(document.querySelector('dialog[data-entry-warning]'))`)()
    expect(isOpen(dialog)).toBe(true)
    expect(dialog.dataset.wired).toBe('true')
  })
})
