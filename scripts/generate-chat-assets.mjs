// Draws the chat's gift images (public/gifts/*.svg) and renders the built-in animated GIFs
// (public/gifs/*.gif) from SVG frames with sharp, offline. Served as /static/gifts and /static/gifs (see
// src/features/chat/catalogue.ts). Run: node scripts/generate-chat-assets.mjs
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const root = path.resolve(import.meta.dirname, '..', 'public')
const svg = (body, size = 128, defs = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}"><defs>${defs}</defs>${body}</svg>`
const shadow = '<radialGradient id="sh"><stop offset="0" stop-color="#000" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>'
const ground = '<ellipse cx="64" cy="118" rx="38" ry="6" fill="url(#sh)"/>'

// ---------------------------------------------------------------------------------------------------------
// Gifts: one drawing each, 128 x 128.
const GIFTS = {
  rose: svg(
    `${ground}
    <path d="M64 62 C62 80 66 96 63 116" stroke="#2e7d32" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M64 92 C50 80 38 84 34 92 C46 96 56 96 64 92Z" fill="url(#leaf)"/>
    <path d="M64 100 C76 88 90 90 94 98 C82 103 72 103 64 100Z" fill="url(#leaf)"/>
    <path d="M40 40 C40 18 88 18 88 40 C88 62 72 70 64 70 C56 70 40 62 40 40Z" fill="url(#petal)"/>
    <path d="M46 34 C52 22 76 22 82 34 C76 30 70 36 64 36 C58 36 52 30 46 34Z" fill="#ff8a9e"/>
    <path d="M52 44 C52 30 76 30 76 44 C76 54 68 58 64 58 C60 58 52 54 52 44Z" fill="#c2185b"/>
    <path d="M58 42 C60 34 70 34 70 42 C70 48 66 50 64 50 C60 50 58 46 58 42Z" fill="#e91e63"/>
    <path d="M44 46 C48 60 58 66 64 66 C58 58 52 52 44 46Z" fill="#ad1457" opacity=".6"/>`,
    128,
    `${shadow}<linearGradient id="petal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff5c8a"/><stop offset="1" stop-color="#c2185b"/></linearGradient>
     <linearGradient id="leaf" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#66bb6a"/><stop offset="1" stop-color="#2e7d32"/></linearGradient>`,
  ),
  heart: svg(
    `${ground}
    <path d="M64 108 S14 78 14 44 A24 24 0 0 1 64 34 A24 24 0 0 1 114 44 C114 78 64 108 64 108Z" fill="url(#h)"/>
    <path d="M30 40 A14 14 0 0 1 50 30" stroke="#fff" stroke-width="6" stroke-linecap="round" fill="none" opacity=".7"/>
    <circle cx="30" cy="52" r="3.5" fill="#fff" opacity=".7"/>`,
    128,
    `${shadow}<linearGradient id="h" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff6b93"/><stop offset="1" stop-color="#d81b60"/></linearGradient>`,
  ),
  chocolate: svg(
    `${ground}
    <path d="M64 26 L112 50 L64 112 L16 50Z" fill="#d81b60"/>
    <path d="M64 26 L112 50 L64 60 L16 50Z" fill="#ff4f81"/>
    <path d="M64 60 L64 112 L112 50Z" fill="#ad1457"/>
    <circle cx="46" cy="48" r="9" fill="url(#c)"/><circle cx="64" cy="42" r="9" fill="url(#c)"/><circle cx="82" cy="48" r="9" fill="url(#c)"/>
    <circle cx="55" cy="55" r="9" fill="url(#c)"/><circle cx="73" cy="55" r="9" fill="url(#c)"/>
    <path d="M40 46 q6 -4 12 0 M58 40 q6 -4 12 0 M76 46 q6 -4 12 0" stroke="#a1887f" stroke-width="2" fill="none" stroke-linecap="round"/>
    <path d="M58 18 C50 8 40 14 48 22 C52 26 60 24 64 26 C68 24 76 26 80 22 C88 14 78 8 70 18 C68 20 66 24 64 26 C62 24 60 20 58 18Z" fill="#ffc107"/>`,
    128,
    `${shadow}<radialGradient id="c" cx=".35" cy=".35"><stop offset="0" stop-color="#8d6e63"/><stop offset="1" stop-color="#3e2723"/></radialGradient>`,
  ),
  cocktail: svg(
    `${ground}
    <path d="M24 30 H104 L68 70 V104 H60 V70Z" fill="url(#glass)" stroke="#b0bec5" stroke-width="2"/>
    <path d="M34 38 H94 L66 68 H62Z" fill="url(#drink)"/>
    <rect x="44" y="104" width="40" height="6" rx="3" fill="#b0bec5"/>
    <circle cx="90" cy="28" r="12" fill="#ffeb3b" stroke="#fbc02d" stroke-width="3"/>
    <path d="M90 18 V38 M80 28 H100 M83 21 L97 35 M97 21 L83 35" stroke="#fbc02d" stroke-width="1.5"/>
    <path d="M52 12 L70 52" stroke="#e91e63" stroke-width="4" stroke-linecap="round"/>
    <circle cx="50" cy="48" r="7" fill="#d50000"/><path d="M50 41 q4 -6 8 -6" stroke="#2e7d32" stroke-width="2" fill="none"/>`,
    128,
    `${shadow}<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity=".9"/><stop offset="1" stop-color="#e3f2fd" stop-opacity=".6"/></linearGradient>
     <linearGradient id="drink" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff80ab"/><stop offset="1" stop-color="#f50057"/></linearGradient>`,
  ),
  teddy: svg(
    `${ground}
    <circle cx="36" cy="30" r="14" fill="#a1887f"/><circle cx="92" cy="30" r="14" fill="#a1887f"/>
    <circle cx="36" cy="30" r="7" fill="#d7ccc8"/><circle cx="92" cy="30" r="7" fill="#d7ccc8"/>
    <ellipse cx="64" cy="92" rx="34" ry="26" fill="url(#fur)"/>
    <ellipse cx="64" cy="96" rx="18" ry="14" fill="#d7ccc8"/>
    <circle cx="32" cy="104" r="11" fill="#8d6e63"/><circle cx="96" cy="104" r="11" fill="#8d6e63"/>
    <circle cx="64" cy="50" r="30" fill="url(#fur)"/>
    <ellipse cx="64" cy="60" rx="14" ry="11" fill="#d7ccc8"/>
    <ellipse cx="64" cy="55" rx="5" ry="4" fill="#3e2723"/>
    <path d="M58 64 q6 5 12 0" stroke="#3e2723" stroke-width="2.5" fill="none" stroke-linecap="round"/>
    <circle cx="52" cy="44" r="4" fill="#3e2723"/><circle cx="76" cy="44" r="4" fill="#3e2723"/>
    <circle cx="53" cy="43" r="1.3" fill="#fff"/><circle cx="77" cy="43" r="1.3" fill="#fff"/>
    <path d="M64 84 C54 74 44 82 52 90 L64 100 L76 90 C84 82 74 74 64 84Z" fill="#e91e63"/>`,
    128,
    `${shadow}<radialGradient id="fur" cx=".4" cy=".35"><stop offset="0" stop-color="#bcaaa4"/><stop offset="1" stop-color="#8d6e63"/></radialGradient>`,
  ),
  champagne: svg(
    `${ground}
    <g transform="rotate(-14 48 70)">
      <path d="M36 56 H60 C60 76 54 84 48 84 C42 84 36 76 36 56Z" fill="url(#fizz)" stroke="#cfd8dc" stroke-width="2"/>
      <rect x="46.5" y="84" width="3" height="22" fill="#cfd8dc"/><rect x="38" y="105" width="20" height="4" rx="2" fill="#cfd8dc"/>
    </g>
    <g transform="rotate(14 80 70)">
      <path d="M68 56 H92 C92 76 86 84 80 84 C74 84 68 76 68 56Z" fill="url(#fizz)" stroke="#cfd8dc" stroke-width="2"/>
      <rect x="78.5" y="84" width="3" height="22" fill="#cfd8dc"/><rect x="70" y="105" width="20" height="4" rx="2" fill="#cfd8dc"/>
    </g>
    <circle cx="64" cy="40" r="3" fill="#ffd54f"/><circle cx="56" cy="30" r="2.5" fill="#ffd54f"/><circle cx="72" cy="26" r="2" fill="#ffd54f"/>
    <path d="M64 14 l3 7 7 1 -5 5 1.5 7 -6.5 -3.5 -6.5 3.5 1.5 -7 -5 -5 7 -1Z" fill="#ffb300"/>
    <circle cx="44" cy="66" r="1.6" fill="#fff"/><circle cx="50" cy="72" r="1.3" fill="#fff"/><circle cx="82" cy="68" r="1.6" fill="#fff"/><circle cx="77" cy="74" r="1.2" fill="#fff"/>`,
    128,
    `${shadow}<linearGradient id="fizz" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff8e1"/><stop offset=".25" stop-color="#ffe082"/><stop offset="1" stop-color="#ffb300"/></linearGradient>`,
  ),
  diamond: svg(
    `${ground}
    <path d="M34 36 H94 L112 56 L64 112 L16 56Z" fill="url(#gem)"/>
    <path d="M34 36 L48 56 H16Z" fill="#b3e5fc"/><path d="M94 36 L80 56 H112Z" fill="#4fc3f7"/>
    <path d="M34 36 H94 L80 56 H48Z" fill="#e1f5fe"/><path d="M48 56 H80 L64 112Z" fill="#29b6f6"/>
    <path d="M16 56 H48 L64 112Z" fill="#81d4fa"/><path d="M80 56 H112 L64 112Z" fill="#0288d1"/>
    <path d="M34 36 L64 56 L94 36" stroke="#fff" stroke-width="1.5" fill="none" opacity=".7"/>
    <path d="M100 16 l2.5 6 6 2.5 -6 2.5 -2.5 6 -2.5 -6 -6 -2.5 6 -2.5Z" fill="#fff59d"/>
    <path d="M24 22 l1.8 4.2 4.2 1.8 -4.2 1.8 -1.8 4.2 -1.8 -4.2 -4.2 -1.8 4.2 -1.8Z" fill="#fff59d"/>`,
    128,
    `${shadow}<linearGradient id="gem" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b3e5fc"/><stop offset="1" stop-color="#0277bd"/></linearGradient>`,
  ),
}

// ---------------------------------------------------------------------------------------------------------
// GIFs: 240 x 240, frames drawn as SVG, joined into a looping animation.
const S = 240
const FRAMES = 12
const bg = (a, b) => `<defs><radialGradient id="bg" cx=".5" cy=".4" r=".75"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></radialGradient>
  <radialGradient id="face" cx=".4" cy=".35"><stop offset="0" stop-color="#fff176"/><stop offset="1" stop-color="#fbc02d"/></radialGradient></defs>
  <rect width="${S}" height="${S}" rx="28" fill="url(#bg)"/>`
const frame = (inner) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S} ${S}" width="${S}" height="${S}">${inner}</svg>`
const wave = (i) => Math.sin((i / FRAMES) * Math.PI * 2)
const face = (cx, cy, r, extra) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#face)" stroke="#f9a825" stroke-width="3"/>${extra}`
const eyes = (cx, cy, dx = 22, ry = 10) => `<ellipse cx="${cx - dx}" cy="${cy}" rx="7" ry="${ry}" fill="#4e342e"/><ellipse cx="${cx + dx}" cy="${cy}" rx="7" ry="${ry}" fill="#4e342e"/>`
const heartPath = (x, y, s, fill, opacity = 1) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 12 S-14 3 -14 -5 A7 7 0 0 1 0 -8 A7 7 0 0 1 14 -5 C14 3 0 12 0 12Z" fill="${fill}" opacity="${opacity}"/>`
const star = (x, y, r, fill, opacity = 1) => {
  const pts = []
  for (let k = 0; k < 8; k++) {
    const rr = k % 2 === 0 ? r : r * 0.38
    const a = (k / 8) * Math.PI * 2 - Math.PI / 2
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`)
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}" opacity="${opacity}"/>`
}

const GIFS = {
  wave: (i) =>
    frame(`${bg('#fff3f7', '#ffd1e1')}
      ${face(108, 130, 62, `${eyes(108, 118)}<path d="M78 146 q30 26 60 0" stroke="#4e342e" stroke-width="6" fill="none" stroke-linecap="round"/>
        <circle cx="74" cy="142" r="9" fill="#ff8a80" opacity=".6"/><circle cx="142" cy="142" r="9" fill="#ff8a80" opacity=".6"/>`)}
      <g transform="rotate(${(wave(i) * 24).toFixed(1)} 182 150)">
        <path d="M170 150 v-52 a8 8 0 0 1 16 0 v34 v-46 a8 8 0 0 1 16 0 v46 v-38 a8 8 0 0 1 16 0 v56 c0 24 -14 36 -34 36 c-18 0 -26 -10 -34 -24 l-14 -24 a8 8 0 0 1 14 -8z" fill="url(#face)" stroke="#f9a825" stroke-width="3"/>
      </g>
      <path d="M206 70 q10 10 4 24 M220 60 q16 16 6 36" stroke="#e91e63" stroke-width="4" fill="none" stroke-linecap="round" opacity="${(0.4 + 0.6 * Math.abs(wave(i))).toFixed(2)}"/>`),
  'heart-beat': (i) => {
    const s = 1 + 0.14 * Math.max(0, Math.sin((i / FRAMES) * Math.PI * 4))
    return frame(`${bg('#fff0f5', '#ffc1d6')}
      <g transform="translate(120 126) scale(${(s * 6).toFixed(3)})">
        <path d="M0 12 S-14 3 -14 -5 A7 7 0 0 1 0 -8 A7 7 0 0 1 14 -5 C14 3 0 12 0 12Z" fill="#e91e63"/>
        <path d="M-10 -4 A4 4 0 0 1 -5 -8" stroke="#fff" stroke-width="1.4" fill="none" stroke-linecap="round" opacity=".7"/>
      </g>
      <circle cx="120" cy="126" r="${(84 + 30 * ((i % 6) / 6)).toFixed(1)}" fill="none" stroke="#e91e63" stroke-width="3" opacity="${(0.5 - 0.5 * ((i % 6) / 6)).toFixed(2)}"/>`)
  },
  wink: (i) => {
    const closed = i >= 4 && i <= 7
    return frame(`${bg('#fff8e1', '#ffe0b2')}
      ${face(120, 124, 84, `<ellipse cx="92" cy="108" rx="9" ry="13" fill="#4e342e"/>
        ${closed ? '<path d="M134 110 q14 -12 28 0" stroke="#4e342e" stroke-width="6" fill="none" stroke-linecap="round"/>' : '<ellipse cx="148" cy="108" rx="9" ry="13" fill="#4e342e"/>'}
        <path d="M86 150 q34 ${closed ? 30 : 22} 70 -4" stroke="#4e342e" stroke-width="6" fill="none" stroke-linecap="round"/>
        <circle cx="80" cy="140" r="11" fill="#ff8a80" opacity="${closed ? 0.75 : 0.45}"/><circle cx="162" cy="140" r="11" fill="#ff8a80" opacity="${closed ? 0.75 : 0.45}"/>`)}
      ${closed ? star(196, 62, 14, '#ffb300') : ''}`)
  },
  kiss: (i) => {
    const hearts = [0, 4, 8].map((o) => {
      const t = ((i + o) % FRAMES) / FRAMES
      return heartPath(150 + 26 * Math.sin(t * 6 + o), 150 - 120 * t, 1.4 + t, '#e91e63', (1 - t).toFixed(2))
    })
    return frame(`${bg('#fff0f5', '#f8bbd0')}
      ${face(104, 132, 76, `<path d="M68 118 q12 -10 24 0 M116 118 q12 -10 24 0" stroke="#4e342e" stroke-width="6" fill="none" stroke-linecap="round"/>
        <path d="M116 152 c-10 -8 -4 -18 6 -12 c-8 -10 6 -18 10 -6" stroke="#c2185b" stroke-width="5" fill="#f06292" stroke-linejoin="round"/>
        <circle cx="70" cy="146" r="10" fill="#ff8a80" opacity=".6"/>`)}
      ${hearts.join('')}`)
  },
  laugh: (i) => {
    const dy = Math.abs(wave(i)) * -10
    return frame(`${bg('#fffde7', '#fff59d')}
      <g transform="translate(0 ${dy.toFixed(1)}) rotate(${(wave(i) * 5).toFixed(1)} 120 124)">
      ${face(120, 124, 84, `<path d="M80 104 l20 10 -20 10 M160 104 l-20 10 20 10" stroke="#4e342e" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
        <path d="M74 140 h92 c0 34 -22 50 -46 50 s-46 -16 -46 -50z" fill="#6d2c1f"/>
        <path d="M84 172 q36 -18 72 0 c-10 12 -22 18 -36 18 s-26 -6 -36 -18z" fill="#ef5350"/>
        <path d="M76 140 h88 v10 h-88z" fill="#fff"/>
        <path d="M58 112 q-8 18 0 30" stroke="#4fc3f7" stroke-width="7" fill="none" stroke-linecap="round" opacity="${(0.5 + 0.5 * Math.abs(wave(i))).toFixed(2)}"/>
        <path d="M182 112 q8 18 0 30" stroke="#4fc3f7" stroke-width="7" fill="none" stroke-linecap="round" opacity="${(0.5 + 0.5 * Math.abs(wave(i))).toFixed(2)}"/>`)}
      </g>`)
  },
  blush: (i) => {
    const a = 0.25 + 0.6 * (0.5 + 0.5 * Math.sin((i / FRAMES) * Math.PI * 2))
    return frame(`${bg('#fce4ec', '#f8bbd0')}
      ${face(120, 124, 84, `<path d="M84 110 q12 10 24 0 M132 110 q12 10 24 0" stroke="#4e342e" stroke-width="6" fill="none" stroke-linecap="round"/>
        <path d="M104 152 q16 12 32 0" stroke="#4e342e" stroke-width="6" fill="none" stroke-linecap="round"/>
        <ellipse cx="78" cy="138" rx="18" ry="11" fill="#ff5c8a" opacity="${a.toFixed(2)}"/><ellipse cx="162" cy="138" rx="18" ry="11" fill="#ff5c8a" opacity="${a.toFixed(2)}"/>
        <path d="M72 136 l6 -6 M80 138 l6 -6 M156 136 l6 -6 M164 138 l6 -6" stroke="#e91e63" stroke-width="2.5" stroke-linecap="round" opacity="${a.toFixed(2)}"/>`)}
      ${heartPath(196, 56 - 6 * Math.sin((i / FRAMES) * Math.PI * 2), 1.6, '#ff4081', 0.9)}`)
  },
  party: (i) => {
    const colours = ['#e91e63', '#ffb300', '#00bcd4', '#7c4dff', '#66bb6a']
    const bits = []
    for (let k = 0; k < 22; k++) {
      const x = (k * 47) % 220 + 10
      const y = ((k * 29 + i * 18) % 260) - 20
      const r = ((k * 37 + i * 30) % 360).toFixed(0)
      bits.push(`<rect x="${x}" y="${y}" width="8" height="14" rx="2" fill="${colours[k % 5]}" transform="rotate(${r} ${x + 4} ${y + 7})"/>`)
    }
    return frame(`${bg('#ede7f6', '#d1c4e9')}${bits.join('')}
      <path d="M46 204 L96 96 L150 150Z" fill="#ffb300" stroke="#f57f17" stroke-width="3" stroke-linejoin="round"/>
      <path d="M70 152 L112 112 M60 176 L130 130" stroke="#e91e63" stroke-width="6" stroke-linecap="round"/>
      ${star(160, 80, 12 + 6 * Math.abs(wave(i)), '#ff4081')}${star(190, 120, 8 + 5 * Math.abs(wave(i + 3)), '#00bcd4')}`)
  },
  coffee: (i) => {
    const steam = [0, 1, 2]
      .map((k) => {
        const x = 90 + k * 26
        const o = Math.sin(((i + k * 4) / FRAMES) * Math.PI * 2) * 8
        return `<path d="M${x} 96 c${o} -14 ${-o} -24 0 -38 c${o} -12 ${-o} -22 0 -34" stroke="#bcaaa4" stroke-width="6" fill="none" stroke-linecap="round" opacity="${(0.5 + 0.4 * Math.abs(Math.sin(((i + k * 4) / FRAMES) * Math.PI))).toFixed(2)}"/>`
      })
      .join('')
    return frame(`${bg('#efebe9', '#d7ccc8')}${steam}
      <ellipse cx="120" cy="200" rx="82" ry="14" fill="#fff" stroke="#bcaaa4" stroke-width="3"/>
      <path d="M60 108 h110 v46 c0 28 -22 46 -55 46 s-55 -18 -55 -46z" fill="#fff" stroke="#bcaaa4" stroke-width="3"/>
      <path d="M170 120 c26 0 26 40 -2 40" stroke="#bcaaa4" stroke-width="8" fill="none"/>
      <ellipse cx="115" cy="110" rx="54" ry="10" fill="#6d4c41"/>
      ${heartPath(115, 148, 1.5, '#e91e63')}`)
  },
  sparkles: (i) => {
    const spots = [
      [70, 80, 26, 0],
      [168, 70, 18, 3],
      [150, 160, 30, 6],
      [80, 170, 16, 9],
      [120, 118, 12, 2],
      [200, 190, 12, 5],
    ]
    return frame(`${bg('#1a237e', '#0d47a1')}
      ${spots.map(([x, y, r, o]) => star(x, y, r * (0.45 + 0.55 * Math.abs(Math.sin(((i + o) / FRAMES) * Math.PI))), ['#fff59d', '#ffffff', '#ff80ab'][o % 3], 0.95)).join('')}
      ${[20, 45, 190, 215, 30].map((x, k) => `<circle cx="${x}" cy="${(k * 53) % 220 + 10}" r="2" fill="#fff" opacity="${(0.3 + 0.7 * Math.abs(Math.sin(((i + k * 2) / FRAMES) * Math.PI))).toFixed(2)}"/>`).join('')}`)
  },
  'thumbs-up': (i) => {
    const dy = -Math.abs(wave(i)) * 16
    return frame(`${bg('#e8f5e9', '#c8e6c9')}
      <g transform="translate(0 ${dy.toFixed(1)})">
        <path d="M70 112 h28 l24 -44 c6 -12 26 -8 24 8 l-6 30 h40 c14 0 22 12 18 24 l-14 46 c-3 10 -12 16 -22 16 h-64 v-80z" fill="url(#face)" stroke="#f9a825" stroke-width="4" stroke-linejoin="round"/>
        <rect x="46" y="108" width="30" height="90" rx="8" fill="#e91e63"/>
        <path d="M150 132 h30 M146 156 h28 M142 180 h24" stroke="#f9a825" stroke-width="4" stroke-linecap="round"/>
      </g>
      ${star(196, 56, 10 + 6 * Math.abs(wave(i)), '#ffb300')}${star(40, 60, 6 + 4 * Math.abs(wave(i + 4)), '#66bb6a')}`)
  },
}

async function main() {
  fs.mkdirSync(path.join(root, 'gifts'), { recursive: true })
  fs.mkdirSync(path.join(root, 'gifs'), { recursive: true })
  for (const [id, body] of Object.entries(GIFTS)) fs.writeFileSync(path.join(root, 'gifts', `${id}.svg`), `${body.replace(/\n\s+/g, '\n')}\n`)
  for (const [id, draw] of Object.entries(GIFS)) {
    const frames = await Promise.all(Array.from({ length: FRAMES }, (_, i) => sharp(Buffer.from(draw(i))).png().toBuffer()))
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: 90, loop: 0, colours: 96, effort: 7, dither: 0.6 })
      .toBuffer()
    fs.writeFileSync(path.join(root, 'gifs', `${id}.gif`), gif)
    console.log(`gifs/${id}.gif ${(gif.length / 1024).toFixed(1)} KB`)
  }
}

await main()
