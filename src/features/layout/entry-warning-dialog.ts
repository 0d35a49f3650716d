// The site-entry warning's behaviour in the browser (SPEC.md section 2), without React: the page's own markup is
// opened as soon as it is parsed, before any of the page's JavaScript has loaded (decision 052). The same function
// runs in two places: inline at the end of a deferred page's body (src/server/deferred-hydration.server.ts writes its
// source into the page), and from the EntryWarning component for a page reached by client navigation or served
// without the inline loader. Whichever comes first wires the dialog; the other finds it wired and does nothing.
//
// Its source is sent to the browser as it is (Function.prototype.toString): it must stay self-contained, with no
// import, no module constant and no helper outside its body.

/** The localStorage key of the warning's confirmation (a timestamp). */
export const ENTRY_WARNING_KEY = 'site-entry-warning'

/**
 * Shows the warning once: not in a frame (a lander previewed in the marketers' gallery; a cross-site frame may be
 * refused storage), not in the installed app, not after it was confirmed in this browser. Confirming stores the time
 * and closes it; Escape and the browser's cancel never close it (leaving is the other way out, a link).
 */
export function openEntryWarning(dialog: HTMLDialogElement | null): void {
  if (!dialog || dialog.dataset.wired) return
  dialog.dataset.wired = 'true'
  const key = 'site-entry-warning'
  try {
    if (window.self !== window.top) return
    const nav = window.navigator as Navigator & { standalone?: boolean }
    if (nav.standalone === true || (window.matchMedia && window.matchMedia('(display-mode: standalone)').matches)) return
    if (window.localStorage.getItem(key)) return
  } catch {
    return
  }
  let confirmed = false
  // The twin of openModal in src/ui/modal.tsx, written out here because this function's source goes into the page
  // alone (see the top of this file): keep the two alike.
  const show = () => {
    if (typeof dialog.showModal === 'function') {
      try {
        dialog.showModal()
        return
      } catch {
        // Not in the document yet: the attribute below.
      }
    }
    // Without showModal (jsdom in the component tests) the layer is shown by its attribute and dims the page itself.
    dialog.setAttribute('open', '')
    dialog.setAttribute('data-fallback', '')
  }
  const confirm = dialog.querySelector('[data-entry-confirm]')
  if (confirm)
    confirm.addEventListener('click', () => {
      confirmed = true
      try {
        window.localStorage.setItem(key, new Date().toISOString())
      } catch {
        // Storage refused (private mode): it shows again on the next page, which is the safe side.
      }
      if (typeof dialog.close === 'function' && dialog.open) dialog.close()
      dialog.removeAttribute('open')
    })
  // Escape on keydown, so the browser's forced cancel (after a second Escape) never comes; and if it does, it opens again.
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') e.preventDefault()
  })
  dialog.addEventListener('cancel', (e) => e.preventDefault())
  dialog.addEventListener('close', () => {
    if (!confirmed && dialog.isConnected) show()
  })
  show()
  // The card takes the focus, so a screen reader starts at the title (as every modal of the product does).
  const card = dialog.querySelector<HTMLElement>('[data-modal-card]')
  if (card) card.focus()
}
