// Accessible bar charts as inline SVG, rendered on the server with the page and the same in the browser
// (decision 028: no chart library is installed, and a bar per day needs none). Each chart is a figure with its
// title, a text summary for screen readers, and the numbers as a table behind a disclosure.
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'

const Figure = styled.figure(({ theme }) => ({
  margin: 0,
  minWidth: 0,
  figcaption: { fontSize: 14, fontWeight: 600, marginBottom: 4, display: 'flex', justifyContent: 'space-between', gap: 8 },
  svg: { display: 'block', width: '100%', height: 'auto' },
  details: { fontSize: 12, color: theme.colors.muted },
  table: { borderCollapse: 'collapse' },
  'td, th': { padding: '1px 8px 1px 0', textAlign: 'left' },
}))

const W = 300
const H = 90

/** A bar per day; `format` writes a value (money, counts). */
export function BarChart({ id, title, days, values, color, format = (n) => String(n) }: { id: string; title: string; days: string[]; values: number[]; color: string; format?: (n: number) => string }) {
  const { t } = useTranslation()
  const max = Math.max(0, ...values)
  const total = values.reduce((a, b) => a + b, 0)
  const top = values.indexOf(max)
  const bw = W / Math.max(1, values.length)
  const summary = t('admin.chart.summary', { title, from: days[0], to: days[days.length - 1], total: format(total), max: format(max), day: days[top] ?? '' })
  return (
    <Figure data-testid={`chart-${id}`}>
      <figcaption>
        <span>{title}</span>
        <span>{format(total)}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H + 14}`} role="img" aria-labelledby={`${id}-t`}>
        <title id={`${id}-t`}>{summary}</title>
        <line x1="0" y1={H} x2={W} y2={H} stroke="#999" strokeWidth="1" />
        {values.map((v, i) => {
          const h = max > 0 ? Math.max(v > 0 ? 2 : 0, (v / max) * (H - 6)) : 0
          return <rect key={days[i]} x={i * bw + bw * 0.15} y={H - h} width={bw * 0.7} height={h} fill={color} rx="1" />
        })}
        <text x="0" y={H + 12} fontSize="9" fill="#555">
          {days[0]?.slice(5)}
        </text>
        <text x={W} y={H + 12} fontSize="9" fill="#555" textAnchor="end">
          {days[days.length - 1]?.slice(5)}
        </text>
        {max > 0 && (
          <text x={W} y="9" fontSize="9" fill="#555" textAnchor="end">
            {format(max)}
          </text>
        )}
      </svg>
      <details>
        <summary>{t('admin.chart.numbers')}</summary>
        <table>
          <tbody>
            {days.map((d, i) => (
              <tr key={d}>
                <th scope="row">{d}</th>
                <td>{format(values[i])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </Figure>
  )
}
