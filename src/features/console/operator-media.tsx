// The chat operators' non-text replies (decision 037 addendum): a photo uploaded as a member uploads one, and a GIF
// of the chat's GIFs, both sent as the fictional profile of the claimed conversation through the chat's own send
// path (operator-reply-image.php and operator-reply-gif.php); and how a message of any kind shows in the console.
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from '../../shared/use-translation'
import { callEndpoint, useEndpoint } from '../../shared/api-client'
import { Button } from '../../ui/button'
import type { ChatMessage } from '../../shared/chat-contracts'
import { operatorGifsEndpoint, operatorReplyGifEndpoint, operatorReplyImageEndpoint } from './operator-endpoints'

type ReplyProps = { conversationId: number; name: string; onSent: () => void; onError: (err: unknown) => void }

/** A message's content in the console: text, the photo (the fictional profile sees the original), the GIF or the gift. */
export function MessageBody({ message: m }: { message: ChatMessage }) {
  const { t } = useTranslation()
  if (m.text !== null) return <>{m.text}</>
  const src = m.image?.thumb_filename ?? m.image?.filename
  if (src) return <img src={src} alt={t('admin.operator.photo')} style={{ display: 'block', maxWidth: 200, maxHeight: 200, borderRadius: 8 }} data-testid="operator-message-photo" />
  if (m.gif) return <img src={m.gif.url} alt="GIF" width={Math.min(200, m.gif.width)} style={{ display: 'block', height: 'auto', borderRadius: 8 }} data-testid="operator-message-gif" />
  if (m.gift) return <img src={m.gift.image} alt={t('admin.operator.gift')} width={64} height={64} />
  return null
}

export function PhotoReply({ conversationId, name, onSent, onError }: ReplyProps) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    if (!file) return
    setBusy(true)
    try {
      const form = new FormData()
      form.append('file', file)
      await callEndpoint(operatorReplyImageEndpoint, { query: { conversation_id: conversationId, client_id: crypto.randomUUID() } }, { form })
      onSent()
    } catch (err) {
      onError(err)
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }
  return (
    <label style={{ display: 'inline-grid', gap: 4, fontSize: 14 }}>
      {t('admin.operator.photo_label', { name })}
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" disabled={busy} onChange={(e) => void pick(e)} data-testid="operator-photo" />
    </label>
  )
}

export function GifReply({ conversationId, name, onSent, onError }: ReplyProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const send = async (gifId: string) => {
    setBusy(true)
    try {
      await callEndpoint(operatorReplyGifEndpoint, { body: { conversation_id: conversationId, client_id: crypto.randomUUID(), gif_id: gifId } })
      setOpen(false)
      onSent()
    } catch (err) {
      onError(err)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div style={{ display: 'grid', gap: 8, flex: '1 1 260px' }}>
      <div>
        <Button type="button" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {t('admin.operator.send_gif')}
        </Button>
      </div>
      {open && <GifChoices name={name} disabled={busy} onPick={(id) => void send(id)} />}
    </div>
  )
}

function GifChoices({ name, disabled, onPick }: { name: string; disabled: boolean; onPick: (id: string) => void }) {
  const { t } = useTranslation()
  const [q, setQ] = useState('')
  const [query, setQuery] = useState('')
  // Searching waits for a pause in typing.
  useEffect(() => {
    const id = setTimeout(() => setQuery(q.trim()), 250)
    return () => clearTimeout(id)
  }, [q])
  const { data, error } = useEndpoint(operatorGifsEndpoint, { query: query ? { q: query } : {} }, { keepPreviousData: true, revalidateOnFocus: false })
  return (
    <div>
      <label style={{ display: 'grid', gap: 4, fontSize: 14 }}>
        {t('admin.operator.gif_search')}
        <input type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={60} autoComplete="off" />
      </label>
      {error && <p role="alert">{t('errors.generic')}</p>}
      {data && data.gifs.length === 0 && <p role="status">{t('admin.none')}</p>}
      <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0', display: 'flex', flexWrap: 'wrap', gap: 6 }} data-testid="operator-gifs">
        {data?.gifs.map((g) => (
          <li key={g.id}>
            <button type="button" disabled={disabled} onClick={() => onPick(g.id)} aria-label={t('admin.operator.gif_send_label', { title: g.title, name })} style={{ padding: 2, border: '1px solid #ccc', borderRadius: 8, background: 'none', cursor: 'pointer' }}>
              <img src={g.preview} alt="" width={96} height={Math.round((96 * g.height) / g.width)} loading="lazy" style={{ display: 'block', borderRadius: 6 }} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
