// Base design tokens of SPEC.md section 9; a tenant's theme overrides merge onto these.
export const baseTokens = {
  primary: '#e91e63', // pink
  secondary: '#ffb300', // amber
  unread: '#008192', // teal: the nearest to #00bcd4 that carries the badge's white text at WCAG AA
  background: '#fff7fa',
  text: '#212121',
  muted: '#6b6b7b',
  success: '#2e7d32',
  warning: '#f9a825',
  danger: '#c62828',
  breakpoints: { sm: 576, md: 768, lg: 992, xl: 1200 },
  chat: { listMin: 300, listMax: 400, chatMax: 800 },
  toastMaxWidth: 350,
  /** Colours of credit packages by index 0 to 3. */
  packages: ['#90a4ae', '#42a5f5', '#ab47bc', '#ffa000'],
  radius: 12,
  font: "'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
}
