// Recognisable marks of the payment methods, drawn inline (no external images): each brand's colours and name.
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'

/** Brand names stay as the brands write them; the generic methods have a localized name (payment_methods.*). */
const BRANDS: Record<string, { label: string; bg: string; fg: string; accent?: string }> = {
  ideal: { label: 'iDEAL', bg: '#ffffff', fg: '#cc0066', accent: '#000000' },
  bancontact: { label: 'Bancontact', bg: '#005498', fg: '#ffffff', accent: '#ffd800' },
  paypal: { label: 'PayPal', bg: '#ffffff', fg: '#003087', accent: '#009cde' },
  applepay: { label: 'Apple Pay', bg: '#000000', fg: '#ffffff' },
  sofort: { label: 'SOFORT', bg: '#ef809f', fg: '#ffffff' },
  giropay: { label: 'giropay', bg: '#000268', fg: '#ffffff', accent: '#ff0007' },
  eps: { label: 'eps', bg: '#c8036f', fg: '#ffffff' },
  blik: { label: 'BLIK', bg: '#000000', fg: '#ffffff', accent: '#e40046' },
  sdd: { label: 'SEPA', bg: '#10298e', fg: '#ffffff', accent: '#ffcc00' },
  sct: { label: 'SEPA', bg: '#ffffff', fg: '#10298e', accent: '#ffcc00' },
  creditcard: { label: 'VISA · MC', bg: '#1a1f71', fg: '#ffffff', accent: '#f7b600' },
  kbc: { label: 'KBC', bg: '#00aeef', fg: '#ffffff' },
  belfius: { label: 'Belfius', bg: '#c30045', fg: '#ffffff' },
  przelewy24: { label: 'P24', bg: '#d13239', fg: '#ffffff' },
}

const Mark = styled.svg({ display: 'block', flex: '0 0 auto', borderRadius: 6, boxShadow: '0 0 0 1px rgba(0,0,0,0.12)' })

/** The small mark of a method (64 x 40). Unknown methods get a neutral card with their code. */
export function MethodMark({ method }: { method: string }) {
  const brand = BRANDS[method] ?? { label: method.toUpperCase().slice(0, 8), bg: '#eceff1', fg: '#37474f' }
  const size = brand.label.length > 8 ? 10 : brand.label.length > 5 ? 12 : 15
  return (
    <Mark width="64" height="40" viewBox="0 0 64 40" aria-hidden="true" data-method-mark={method}>
      <rect width="64" height="40" rx="6" fill={brand.bg} />
      {brand.accent && <rect x="0" y="34" width="64" height="6" fill={brand.accent} />}
      {method === 'creditcard' && <rect x="6" y="8" width="12" height="9" rx="2" fill="#f7b600" />}
      <text x="32" y={method === 'creditcard' ? 29 : 24} textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize={size} fill={brand.fg}>
        {brand.label}
      </text>
    </Mark>
  )
}

/** The name of a method in the page's language (brand names as written by the brand). */
export function useMethodName(): (method: string) => string {
  const { t } = useTranslation()
  return (method) => t(`payment_methods.${method}`, { defaultValue: BRANDS[method]?.label ?? method })
}
