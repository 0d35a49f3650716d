// A moderator's verdict on the member's own photo or profile texts, as the live socket delivers it (the
// `moderated` event, decision 037 addendum): the live client (src/features/chat/chat-live-client.tsx) hands it on
// here, and the owner's open pages (photos, profile texts) listen and reload what they show.
export interface ModerationEvent {
  subject: 'photo' | 'text'
  id?: number
  status: 'approved' | 'rejected'
}

type Listener = (event: ModerationEvent) => void
const listeners = new Set<Listener>()

/** Listens for verdicts; returns the unsubscribe (an effect's cleanup). */
export function onModeration(listener: Listener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Hands a live event on when it is a verdict; whether it was one. */
export function emitModeration(event: { type: string; subject?: unknown; id?: unknown; status?: unknown }): boolean {
  if (event.type !== 'moderated' || (event.subject !== 'photo' && event.subject !== 'text') || (event.status !== 'approved' && event.status !== 'rejected')) return false
  const verdict: ModerationEvent = { subject: event.subject, status: event.status, ...(typeof event.id === 'number' ? { id: event.id } : {}) }
  for (const listener of [...listeners]) listener(verdict)
  return true
}
