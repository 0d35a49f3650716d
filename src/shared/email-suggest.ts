// A did-you-mean for mistyped e-mail domains, including Dutch, Belgian and German providers.
const DOMAINS = [
  'gmail.com', 'hotmail.com', 'hotmail.nl', 'hotmail.be', 'outlook.com', 'outlook.nl', 'live.nl', 'live.com', 'live.be', 'msn.com',
  'yahoo.com', 'yahoo.nl', 'icloud.com', 'me.com', 'kpnmail.nl', 'ziggo.nl', 'home.nl', 'planet.nl', 'xs4all.nl', 'hetnet.nl',
  'casema.nl', 'telfort.nl', 'upcmail.nl', 'chello.nl', 'quicknet.nl', 'telenet.be', 'skynet.be', 'proximus.be', 'scarlet.be',
  'gmx.de', 'gmx.net', 'web.de', 't-online.de', 'freenet.de', 'protonmail.com', 'proton.me',
]

function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)])
  for (let j = 1; j <= b.length; j++) d[0][j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
    }
  }
  return d[a.length][b.length]
}

/** The corrected address when the domain is one or two typos away from a known provider, else undefined. */
export function suggestEmail(email: string): string | undefined {
  const at = email.lastIndexOf('@')
  if (at < 1) return undefined
  const local = email.slice(0, at)
  const domain = email.slice(at + 1).toLowerCase().trim()
  if (!domain || DOMAINS.includes(domain)) return undefined
  let best: { d: string; n: number } | undefined
  for (const d of DOMAINS) {
    const n = distance(domain, d)
    if (n <= 2 && (!best || n < best.n)) best = { d, n }
  }
  return best ? `${local}@${best.d}` : undefined
}
