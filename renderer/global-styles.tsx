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
      }}
    />
  )
}
