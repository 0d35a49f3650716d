// Small line icons of the chat screens (inline SVG, currentColor, hidden from screen readers).
const base = { width: 22, height: 22, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true }

export const BackIcon = () => (
  <svg {...base}>
    <path d="M15 18l-6-6 6-6" />
  </svg>
)
export const SendIcon = () => (
  <svg {...base}>
    <path d="M4 12l16-8-6 16-2.5-6.5L4 12z" />
  </svg>
)
export const PhotoIcon = () => (
  <svg {...base}>
    <rect x="3" y="5" width="18" height="14" rx="3" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 16l-5-5-8 8" />
  </svg>
)
export const GiftIcon = () => (
  <svg {...base}>
    <rect x="3" y="9" width="18" height="12" rx="2" />
    <path d="M3 13h18M12 9v12M12 9c-2-4-6-4-6-1.5S9 9 12 9zm0 0c2-4 6-4 6-1.5S15 9 12 9z" />
  </svg>
)
export const TrashIcon = () => (
  <svg {...base} width={18} height={18}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
)
export const ChatBubblesIcon = () => (
  <svg {...base} width={72} height={72} strokeWidth={1.4}>
    <path d="M4 5h11a2 2 0 012 2v6a2 2 0 01-2 2H9l-4 3v-3H4a2 2 0 01-2-2V7a2 2 0 012-2z" />
    <path d="M17 9h3a2 2 0 012 2v6a2 2 0 01-2 2h-1v3l-4-3h-4a2 2 0 01-2-2v-1" />
  </svg>
)
