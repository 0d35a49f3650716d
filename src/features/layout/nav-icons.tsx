// The icons of the member tabs (inline SVG, currentColor, hidden from screen readers: the label says it).
const base = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true }

export const SearchIcon = () => (
  <svg {...base}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </svg>
)
export const LikesIcon = () => (
  <svg {...base}>
    <path d="M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0112 7.6 4.2 4.2 0 0119.5 10c0 5.4-7.5 10-7.5 10z" />
  </svg>
)
export const SwipeIcon = () => (
  <svg {...base}>
    <rect x="7" y="3.5" width="11" height="15" rx="2.5" transform="rotate(12 12.5 11)" />
    <path d="M5.5 7.5L4 8.3a2 2 0 00-.8 2.6l4.4 8.8" />
  </svg>
)
export const MatchIcon = () => (
  <svg {...base}>
    <circle cx="8.5" cy="12" r="5" />
    <circle cx="15.5" cy="12" r="5" />
  </svg>
)
export const ChatsIcon = () => (
  <svg {...base}>
    <path d="M5 5h14a2 2 0 012 2v8a2 2 0 01-2 2h-7l-5 3.5V17H5a2 2 0 01-2-2V7a2 2 0 012-2z" />
  </svg>
)
export const MeIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20.5c1-4 4-6 7.5-6s6.5 2 7.5 6" />
  </svg>
)
