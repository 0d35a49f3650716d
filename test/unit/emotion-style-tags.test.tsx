/**
 * @jest-environment node
 */
// styleTags (renderer/emotion-cache.ts) writes a server render's <style> tags from its own cache, without scanning the
// HTML: the same tags as @emotion/server's extractCriticalToChunks + constructStyleTagsFromChunks, which the browser's
// Emotion cache reads back when it hydrates.
import { renderToString } from 'react-dom/server'
import createEmotionServer from '@emotion/server/create-instance'
import { CacheProvider, Global, ThemeProvider, keyframes } from '@emotion/react'
import { buildTheme } from '../../themes/build-theme'
import { GlobalStyles } from '../../renderer/global-styles'
import { createPageCache, serverCache, styleTags } from '../../renderer/emotion-cache'
import styled from '../../src/ui/styled'
import { Button, ButtonLink } from '../../src/ui/button'

const theme = buildTheme({ primary: '#e91e63', secondary: '#ffb300' })
const pulse = keyframes({ from: { opacity: 0.4 }, to: { opacity: 1 } })
const Card = styled.div(({ theme: t }) => ({ color: t.colors.primaryDark, padding: 8, [t.mq.md]: { padding: 16 } }))
const Dot = styled.span({ animation: `${pulse} 1s infinite alternate`, userSelect: 'none' })

function Tree({ n }: { n: number }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <Global styles={{ '.extra': { margin: 0 } }} />
      {Array.from({ length: n }, (_, i) => (
        <Card key={i}>
          <Dot />
          {i % 2 ? <Button variant="ghost">a</Button> : <ButtonLink href="/x">b</ButtonLink>}
        </Card>
      ))}
    </ThemeProvider>
  )
}

/** What @emotion/server writes for the same tree. */
function emotionServerTags(n: number, nonce?: string): { html: string; tags: string } {
  const cache = createPageCache(nonce)
  const emotion = createEmotionServer(cache)
  const html = renderToString(<CacheProvider value={cache}>{<Tree n={n} />}</CacheProvider>)
  return { html, tags: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) }
}

function ownTags(n: number, nonce?: string): { html: string; tags: string } {
  const cache = serverCache(nonce)
  const html = renderToString(<CacheProvider value={cache}>{<Tree n={n} />}</CacheProvider>)
  return { html, tags: styleTags(cache) }
}

test.each([
  ['with a nonce', 'abc123'],
  ['without a nonce', undefined],
])('the same markup and the same style tags as @emotion/server, %s', (_name, nonce) => {
  for (const n of [1, 4]) {
    const expected = emotionServerTags(n, nonce)
    const got = ownTags(n, nonce)
    expect(got.html).toBe(expected.html)
    expect(got.tags).toBe(expected.tags)
  }
  const { tags } = ownTags(2, nonce)
  // The two globals and the keyframes each in a tag of their own, the classes in the last one, and no style inline
  // in the markup.
  expect(tags.match(/data-emotion="css-global /g)).toHaveLength(3)
  expect(tags).toMatch(/<style data-emotion="css-global [^"]+"[^>]*>@keyframes/)
  expect(tags).toMatch(/<style data-emotion="css [^"]+"[^>]*>\.css-/)
  expect(ownTags(2, nonce).html).not.toMatch(/<style/)
})

test('a render with no styles writes one empty tag, as @emotion/server does', () => {
  const cache = serverCache()
  renderToString(<CacheProvider value={cache}><p>plain</p></CacheProvider>)
  const other = createPageCache()
  const emotion = createEmotionServer(other)
  const html = renderToString(<CacheProvider value={other}><p>plain</p></CacheProvider>)
  expect(styleTags(cache)).toBe(emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)))
})
