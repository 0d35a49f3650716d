// Nothing a visitor does before the page has hydrated is lost or sent natively (decision 041, addendum 3): the
// inline loader of a deferred page holds submits and button clicks in the capture phase, remembers what was typed,
// and once the page shell signals hydration gives React the typed values and replays each held action once.
// Run here on a real React form, server-rendered and then hydrated in jsdom.
import { useState } from 'react'
import { act } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { deferHydration, HYDRATION_TEMPLATE_ID } from '../../src/server/deferred-hydration.server'
import { HYDRATED_EVENT } from '../../src/shared/hydrated-event'
import { CacheProvider, ThemeProvider, type EmotionCache } from '@emotion/react'
import { MemberPhoto } from '../../src/ui/member-card'
import { buildTheme } from '../../themes/build-theme'
import { createPageCache, serverCache } from '../../renderer/emotion-cache'

interface Sent {
  email: string
  agree: boolean
  day: string
  note: string
}

/** A controlled form like the signup form: its handler sends React's state, not the DOM's. */
function Form({ onSend, onTap }: { onSend: (sent: Sent) => void; onTap: () => void }) {
  const [email, setEmail] = useState('')
  const [agree, setAgree] = useState(false)
  const [day, setDay] = useState('')
  const [note, setNote] = useState('')
  return (
    <div>
      <form
        method="post"
        onSubmit={(e) => {
          e.preventDefault()
          onSend({ email, agree, day, note })
        }}
      >
        <input aria-label="email" name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <input aria-label="agree" type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
        <select aria-label="day" value={day} onChange={(e) => setDay(e.target.value)}>
          <option value="">-</option>
          <option value="4">4</option>
        </select>
        <textarea aria-label="note" value={note} onChange={(e) => setNote(e.target.value)} />
        <button type="submit">Send</button>
      </form>
      <button type="button" data-testid="tap" onClick={onTap}>
        Tap
      </button>
      <a href="#elsewhere" data-testid="link">
        Link
      </a>
    </div>
  )
}

const page = (markup: string) =>
  deferHydration(
    `<!DOCTYPE html><html lang="nl"><head><link rel="preload" href="/i18n/nl.abc.json" as="fetch" crossorigin="anonymous" /></head><body><div id="root">${markup}</div>` +
      `<script src="/assets/entries/entry-client-routing.abc.js" type="module" async nonce="n"></script><link rel="modulepreload" href="/assets/chunks/chunk-a.js" as="script" type="text/javascript"></body></html>`,
  )

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the inline loader before hydration', () => {
  let root: Root | undefined
  const fetches: string[] = []

  beforeEach(() => {
    fetches.length = 0
    ;(window as unknown as { fetch: (url: string) => Promise<void> }).fetch = (url: string) => {
      fetches.push(url)
      return Promise.resolve()
    }
  })
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
    document.body.innerHTML = ''
    document.head.innerHTML = ''
  })

  /** The served document in jsdom with its inline loader run (jsdom runs no script set through innerHTML). */
  function load(onSend: (sent: Sent) => void, onTap: () => void) {
    const html = page(renderToString(<Form onSend={onSend} onTap={onTap} />))
    const doc = new DOMParser().parseFromString(html, 'text/html')
    document.head.innerHTML = doc.head.innerHTML
    document.body.innerHTML = doc.body.innerHTML
    const loader = [...document.body.querySelectorAll('script')].find((s) => !s.src)!
    new Function(loader.textContent!)()
    return {
      form: document.querySelector('form')!,
      field: (label: string) => document.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!,
      hydrate: async () => {
        act(() => {
          root = hydrateRoot(document.getElementById('root')!, <Form onSend={onSend} onTap={onTap} />)
        })
        await act(async () => {
          document.dispatchEvent(new Event(HYDRATED_EVENT))
          await tick()
          await tick()
        })
      },
    }
  }

  const type = (el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) => {
    el.value = value
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  }

  it('holds a submit (no native submission), starts loading, and sends what was typed once after hydration', async () => {
    const sent: Sent[] = []
    const { form, field, hydrate } = load((s) => sent.push(s), () => {})
    type(field('email'), 'early@example.nl')
    field('agree').click()
    type(document.querySelector('select')!, '4')
    type(document.querySelector('textarea')!, 'hallo')
    const nativeSubmits: Event[] = []
    document.addEventListener('submit', (e) => nativeSubmits.push(e))
    const submit = new Event('submit', { bubbles: true, cancelable: true })
    form.dispatchEvent(submit)
    // Held: its default prevented before anything else heard it.
    expect(submit.defaultPrevented).toBe(true)
    expect(nativeSubmits).toEqual([])
    // The submit started the loading: the entry script and module preloads are in the document, the catalogue fetched.
    expect(document.body.querySelector('script[src="/assets/entries/entry-client-routing.abc.js"]')).not.toBeNull()
    expect(document.head.querySelector('link[rel="modulepreload"][href="/assets/chunks/chunk-a.js"]')).not.toBeNull()
    expect(fetches).toEqual(['/i18n/nl.abc.json'])
    expect(sent).toEqual([])
    await hydrate()
    expect(sent).toEqual([{ email: 'early@example.nl', agree: true, day: '4', note: 'hallo' }])
  })

  it("holds a submit button's click (what Enter in a field does) and submits once after hydration, even if it was clicked twice", async () => {
    const sent: Sent[] = []
    const { field, hydrate } = load((s) => sent.push(s), () => {})
    type(field('email'), 'twice@example.nl')
    const button = document.querySelector<HTMLButtonElement>('button[type="submit"]')!
    const clicks = [new MouseEvent('click', { bubbles: true, cancelable: true }), new MouseEvent('click', { bubbles: true, cancelable: true })]
    clicks.forEach((c) => button.dispatchEvent(c))
    expect(clicks.map((c) => c.defaultPrevented)).toEqual([true, true])
    await hydrate()
    expect(sent).toEqual([{ email: 'twice@example.nl', agree: false, day: '', note: '' }])
  })

  it('replays a tapped button once and holds nothing after hydration; a link is not held', async () => {
    let taps = 0
    const { hydrate } = load(() => {}, () => taps++)
    const link = new MouseEvent('click', { bubbles: true, cancelable: true })
    document.querySelector('[data-testid="link"]')!.dispatchEvent(link)
    expect(link.defaultPrevented).toBe(false)
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true })
    document.querySelector('[data-testid="tap"]')!.dispatchEvent(tap)
    expect(tap.defaultPrevented).toBe(true)
    expect(taps).toBe(0)
    await hydrate()
    expect(taps).toBe(1)
    // After hydration the loader holds nothing any more: a tap acts at once.
    act(() => (document.querySelector('[data-testid="tap"]') as HTMLButtonElement).click())
    expect(taps).toBe(2)
  })

  /** What the loader has added so far: the catalogue's fetch, module preloads, the entry script, in order. */
  const added = () => [
    ...fetches,
    ...[...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    ...[...document.body.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')),
  ]
  const WHOLE = ['/i18n/nl.abc.json', '/assets/chunks/chunk-a.js', '/assets/chunks/chunk-b.js', '/assets/chunks/chunk-c.js', '/assets/entries/entry-client-routing.abc.js']
  /** A served document with three module preloads, its loader run. */
  function loadThree(opts: { untilIntent?: boolean } = {}) {
    const html = deferHydration(
      `<!DOCTYPE html><html lang="nl"><head><link rel="preload" href="/i18n/nl.abc.json" as="fetch" crossorigin="anonymous" /></head><body><div id="root"><p>Hallo</p></div>` +
        `<script src="/assets/entries/entry-client-routing.abc.js" type="module" async nonce="n"></script>` +
        ['a', 'b', 'c'].map((c) => `<link rel="modulepreload" href="/assets/chunks/chunk-${c}.js" as="script" type="text/javascript">`).join('') +
        `</body></html>`,
      opts,
    )
    const doc = new DOMParser().parseFromString(html, 'text/html')
    document.head.innerHTML = doc.head.innerHTML
    document.body.innerHTML = doc.body.innerHTML
    new Function([...document.body.querySelectorAll('script')].find((s) => !s.src)!.textContent!)()
  }

  it('after the paint it adds one element per task (addendum 6): the catalogue, each module preload, then the script', () => {
    jest.useFakeTimers()
    try {
      loadThree()
      const steps: number[] = []
      let before = added().length
      for (let n = 0; n < 20 && added().length < WHOLE.length; n++) {
        jest.advanceTimersToNextTimer()
        steps.push(added().length - before)
        before = added().length
      }
      expect(added()).toEqual(WHOLE)
      // Never two in one task: a frame, then five tasks of one element each.
      expect(Math.max(...steps)).toBe(1)
      expect(steps.filter((s) => s === 1)).toHaveLength(WHOLE.length)
    } finally {
      jest.useRealTimers()
    }
  })

  it('a tap while they are being added adds the rest at once, each element once', () => {
    jest.useFakeTimers()
    try {
      loadThree()
      while (added().length < 2) jest.advanceTimersToNextTimer()
      expect(added()).toEqual(WHOLE.slice(0, 2))
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
      expect(added()).toEqual(WHOLE)
      jest.runAllTimers()
      expect(added()).toEqual(WHOLE)
    } finally {
      jest.useRealTimers()
    }
  })

  it('the first pointerdown or key starts the loading before any click', () => {
    load(() => {}, () => {})
    expect(document.body.querySelector('script[src]')).toBeNull()
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(document.body.querySelector('script[src]')).not.toBeNull()
    expect(document.getElementById(HYDRATION_TEMPLATE_ID)).not.toBeNull()
  })

  it('a page hydrated on intent (decision 052) fetches its modules after the paint but runs nothing until the visitor acts', () => {
    jest.useFakeTimers()
    try {
      loadThree({ untilIntent: true })
      jest.runAllTimers()
      // Everything but the entry script, and no more timers waiting: the page stays its HTML.
      expect(added()).toEqual(WHOLE.slice(0, -1))
      expect(jest.getTimerCount()).toBe(0)
      // The first pointer move is enough.
      document.body.dispatchEvent(new Event('pointermove', { bubbles: true }))
      expect(added()).toEqual(WHOLE)
    } finally {
      jest.useRealTimers()
    }
  })

  it('a page hydrated on intent runs at the first touch, key or wheel too, even before its paint', () => {
    for (const event of ['touchstart', 'keydown', 'wheel', 'pointerdown']) {
      loadThree({ untilIntent: true })
      expect(added()).toEqual([])
      document.body.dispatchEvent(new Event(event, { bubbles: true }))
      expect(added()).toEqual(WHOLE)
      fetches.length = 0
      document.body.innerHTML = ''
      document.head.innerHTML = ''
    }
  })

  it('never holds the click of a button marked data-native (the entry warning works before hydration)', () => {
    load(() => {}, () => {})
    const button = document.createElement('button')
    button.setAttribute('data-native', '')
    let heard = 0
    button.addEventListener('click', () => heard++)
    document.body.appendChild(button)
    const click = new MouseEvent('click', { bubbles: true, cancelable: true })
    button.dispatchEvent(click)
    expect(click.defaultPrevented).toBe(false)
    expect(heard).toBe(1)
  })
})

describe("a photo's skeleton on a page that has not hydrated", () => {
  const theme = buildTheme({ primary: '#e91e63', secondary: '#ffb300' })
  const image = (id: number) => ({ id, thumb_filename: `/media/${id}.webp`, filename: `/media/${id}.webp`, locked: false, visibility: 'public' as const })
  /** Three photos as a page renders them: in an Emotion cache (the server's or the browser's) and the theme. */
  const photos = (cache: EmotionCache) => (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <MemberPhoto image={image(1)} alt="Een" />
        <MemberPhoto image={image(2)} alt="Twee" />
        <MemberPhoto image={image(3)} alt="Drie" />
      </ThemeProvider>
    </CacheProvider>
  )
  let root: Root | undefined

  beforeEach(() => {
    const markup = renderToString(photos(serverCache()))
    const html = deferHydration(
      `<!DOCTYPE html><html lang="nl"><head></head><body><div id="root">${markup}</div>` +
        `<script src="/assets/entries/entry-client-routing.abc.js" type="module" async></script></body></html>`,
      { untilIntent: true },
    )
    const doc = new DOMParser().parseFromString(html, 'text/html')
    document.body.innerHTML = doc.body.innerHTML
  })
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
    document.body.innerHTML = ''
  })

  const img = (alt: string) => document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)!
  const frame = (alt: string) => img(alt).closest('picture')!.parentElement!
  const runLoader = () => new Function([...document.body.querySelectorAll('script')].find((s) => !s.src)!.textContent!)()

  it('is a layer moved by transform (the compositor animates it), not a repainted background', () => {
    // The CSS the browser gets: Emotion writes it into the head as the photos render in the browser.
    const host = document.createElement('div')
    document.body.appendChild(host)
    act(() => {
      root = createRoot(host)
      root.render(photos(createPageCache()))
    })
    // Emotion inserts the rules into the CSSOM (jsdom parses them as a browser does).
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
    document.head.innerHTML = ''
    const keyframes = rules.find((r) => r.type === CSSRule.KEYFRAMES_RULE && (r as CSSKeyframesRule).name === 'photo-skeleton')!
    expect(keyframes.cssText).toContain('transform')
    expect(keyframes.cssText).not.toContain('background')
    // The animation is on the frame's ::before while it loads, and on nothing else (outside a reduced-motion query).
    const animated = rules.filter((r): r is CSSStyleRule => r.type === CSSRule.STYLE_RULE && /animation:[^;]*photo-skeleton/.test((r as CSSStyleRule).style.cssText)).map((r) => r.selectorText)
    expect(animated.length).toBe(1)
    for (const selector of animated) expect(selector).toMatch(/\[data-loading="true"\]::before$/)
  })

  it('is cleared by the inline loader at each image load or error, and for images already complete, before any hydration', () => {
    for (const alt of ['Een', 'Twee', 'Drie']) expect(frame(alt).getAttribute('data-loading')).toBe('true')
    // Already in the cache when the loader runs.
    Object.defineProperty(img('Drie'), 'complete', { value: true })
    runLoader()
    expect(frame('Drie').hasAttribute('data-loading')).toBe(false)
    expect(frame('Een').getAttribute('data-loading')).toBe('true')
    // load and error do not bubble: the loader hears them in the capture phase.
    img('Een').dispatchEvent(new Event('load'))
    expect(frame('Een').hasAttribute('data-loading')).toBe(false)
    expect(frame('Twee').getAttribute('data-loading')).toBe('true')
    img('Twee').dispatchEvent(new Event('error'))
    expect(frame('Twee').hasAttribute('data-loading')).toBe(false)
  })

  it('hydrates over a cleared frame without a mismatch, and React takes over the flag', () => {
    runLoader()
    img('Een').dispatchEvent(new Event('load'))
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {})
    try {
      act(() => {
        root = hydrateRoot(document.getElementById('root')!, photos(createPageCache()))
      })
      act(() => document.dispatchEvent(new Event(HYDRATED_EVENT)))
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
    expect(frame('Een').hasAttribute('data-loading')).toBe(false)
    // After hydration the loader has let go: React clears the rest.
    expect(frame('Twee').getAttribute('data-loading')).toBe('true')
    act(() => {
      img('Twee').dispatchEvent(new Event('load'))
    })
    expect(frame('Twee').hasAttribute('data-loading')).toBe(false)
  })
})
