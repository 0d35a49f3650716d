// The gift picker (the catalogue with images and credit prices) and the GIF picker (search over the
// built-in catalogue, or GIPHY when the server has a key).
import { useEffect, useState } from 'react'
import styled from '../../ui/styled'
import { useTranslation } from '../../shared/use-translation'
import { Modal } from '../../ui/modal'
import { FictionalWarningNote } from '../../ui/member-card'
import { useEndpoint } from '../../shared/api-client'
import { gifsEndpoint, giftsEndpoint } from './endpoints'

const Grid = styled.ul<{ min: number }>(({ min }) => ({
  listStyle: 'none',
  margin: '12px 0 0',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`,
  gap: 10,
}))

const Tile = styled.button(({ theme }) => ({
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 4,
  padding: '10px 6px',
  borderRadius: 14,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  font: 'inherit',
  color: theme.colors.text,
  cursor: 'pointer',
  transition: 'transform 120ms ease, border-color 120ms ease, box-shadow 120ms ease',
  '&:hover, &:focus-visible': { borderColor: theme.colors.primary, boxShadow: `0 4px 14px ${theme.colors.primarySoft}`, transform: 'translateY(-1px)', outline: 'none' },
  '&:disabled': { opacity: 0.6, cursor: 'progress' },
  img: { display: 'block' },
}))

const Price = styled.span(({ theme }) => ({ fontSize: 13, fontWeight: 700, color: theme.colors.primaryDark }))
const Muted = styled.p(({ theme }) => ({ color: theme.colors.muted, margin: '12px 0 0' }))

export function GiftPicker({ name, fictional, onPick, onClose, credits }: { name: string; fictional: boolean; credits: number | null; onPick: (giftId: string) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const { data, error } = useEndpoint(giftsEndpoint, {}, { revalidateOnFocus: false })
  return (
    <Modal title={t('chats.gift.title', { name })} onClose={onClose} onDismiss={onClose} closeLabel={t('common.close')} width={560}>
      {fictional && <FictionalWarningNote />}
      <p style={{ margin: 0 }}>{t('chats.gift.intro')}</p>
      {credits !== null && <Muted style={{ marginTop: 4 }}>{t('chats.balance', { count: credits })}</Muted>}
      {error && <Muted role="alert">{t('errors.generic')}</Muted>}
      {!data && !error && <Muted>{t('common.loading')}</Muted>}
      {data && (
        <Grid min={110} data-testid="gift-picker">
          {data.gifts.map((g) => (
            <li key={g.id}>
              <Tile type="button" onClick={() => onPick(g.id)} aria-label={t('chats.gift.send_label', { gift: t(`chats.gift.names.${g.id}`), count: g.credits })}>
                <img src={g.image} alt="" width={64} height={64} />
                <span>{t(`chats.gift.names.${g.id}`)}</span>
                <Price>{t('chats.credits', { count: g.credits })}</Price>
              </Tile>
            </li>
          ))}
        </Grid>
      )}
    </Modal>
  )
}

const Search = styled.input(({ theme }) => ({
  width: '100%',
  boxSizing: 'border-box',
  font: 'inherit',
  fontSize: 16,
  padding: '10px 14px',
  borderRadius: 999,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.background,
  '&:focus': { outline: `2px solid ${theme.colors.primary}`, outlineOffset: 1 },
}))

export function GifPicker({ onPick, onClose }: { onPick: (gifId: string) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const [query, setQuery] = useState('')
  // Searching waits for a pause in typing.
  useEffect(() => {
    const id = setTimeout(() => setQuery(q.trim()), 250)
    return () => clearTimeout(id)
  }, [q])
  const { data, error, isLoading } = useEndpoint(gifsEndpoint, { query: { q: query || undefined } }, { keepPreviousData: true, revalidateOnFocus: false })
  return (
    <Modal title={t('chats.gif.title')} onClose={onClose} onDismiss={onClose} closeLabel={t('common.close')} width={560}>
      <label htmlFor="gif-search" style={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
        {t('chats.gif.search_label')}
      </label>
      <Search id="gif-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('chats.gif.search_placeholder')} autoComplete="off" maxLength={60} />
      {error && <Muted role="alert">{t('errors.generic')}</Muted>}
      {isLoading && !data && <Muted>{t('common.loading')}</Muted>}
      {data && data.gifs.length === 0 && <Muted role="status">{t('chats.gif.none', { query })}</Muted>}
      {data && data.gifs.length > 0 && (
        <Grid min={120} data-testid="gif-picker">
          {data.gifs.map((g) => (
            <li key={g.id}>
              <Tile type="button" onClick={() => onPick(g.id)} aria-label={t('chats.gif.send_label', { title: g.title })} style={{ padding: 6 }}>
                <img src={g.preview} alt="" width={108} height={Math.round((108 * g.height) / g.width)} loading="lazy" style={{ borderRadius: 10 }} />
              </Tile>
            </li>
          ))}
        </Grid>
      )}
      {data?.source === 'builtin' && <Muted style={{ fontSize: 13 }}>{t('chats.gif.builtin_note')}</Muted>}
    </Modal>
  )
}
