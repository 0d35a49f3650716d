import { Global, useTheme } from '@emotion/react'

export function GlobalStyles() {
  const theme = useTheme()
  return (
    <Global
      styles={{
        '*, *::before, *::after': { boxSizing: 'border-box' },
        html: { WebkitTextSizeAdjust: '100%' },
        body: {
          margin: 0,
          fontFamily: theme.font,
          color: theme.colors.text,
          background: theme.colors.background,
          lineHeight: 1.5,
          WebkitFontSmoothing: 'antialiased',
          // Long words ("Allgemeine Geschäftsbedingungen", Finnish compounds) must not overflow cards on phones:
          // hyphenated by the language of <html lang> where the browser knows it, else broken where needed.
          // 'anywhere' also lets flex and grid items shrink below their longest word.
          hyphens: 'auto',
          overflowWrap: 'anywhere',
        },
        a: { color: theme.colors.primaryDark },
        'h1, h2, h3': { lineHeight: 1.2 },
        'input, select, textarea, button': { font: 'inherit' },
        '::selection': { background: theme.colors.primaryLight },
        // A visitor who asked their system for less motion gets none that loops: the chat's typing dots, the payment
        // spinner, the landers' twinkling, ringing and sliding, the skeletons. Every animation and transition ends at
        // once in its final state (animationend and transitionend still fire, so nothing waits on them forever).
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
          },
        },
      }}
    />
  )
}
