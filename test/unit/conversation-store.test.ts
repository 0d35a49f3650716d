// The open conversation's store (src/features/chat/conversation-store.ts): loading, the icebreakers' rule, the
// draft, refused sends and the first message of a new conversation.
import { adopt, createConversationState, createConversationStore, isOverLimit, loaded, loadFailed, pickIcebreaker, sendRefused, startLoading, takeText, type ConversationMeta } from '../../src/features/chat/conversation-store'

const meta = (over: Partial<ConversationMeta> = {}): ConversationMeta =>
  ({
    id: 7,
    started_by_me: false,
    last_read_by_other: null,
    profile: { id: 42, name: 'Anna', age: 31, gender: 'female', country: 'NL', region: null, region_name: null, city: null, fictional: false, main_image: null, liked: false },
    ...over,
  }) as ConversationMeta
const FALLBACK = { emailNotConfirmed: 'Bevestig eerst je e-mailadres.', generic: 'Er ging iets mis.' }
const NOT_OPTIONS = { openGift: false, openIcebreaker: false }

describe('the conversation store', () => {
  it('starts with the conversation asked for and nothing loaded', () => {
    expect(createConversationState(7)).toMatchObject({ meta: null, convId: 7, hasMore: false, text: '', picker: null, icebreaker: false })
    expect(createConversationState().convId).toBeNull()
  })

  it('starts from what the server read for the page, loaded, with no modal open before hydration', () => {
    const state = createConversationState(7, { conversation: meta({ started_by_me: true }), has_more: true })
    expect(state).toMatchObject({ convId: 7, hasMore: true, loadError: null, icebreaker: false, picker: null })
    expect(state.meta?.profile.name).toBe('Anna')
    expect(createConversationStore(7, { conversation: meta(), has_more: false }).meta?.id).toBe(7)
    // Without it, as before: nothing loaded.
    expect(createConversationState(7, null).meta).toBeNull()
  })

  it('forgets what was shown when another conversation loads', () => {
    const state = createConversationState(7)
    loaded(state, { conversation: meta(), has_more: true, messages: [{}] }, NOT_OPTIONS)
    state.error = 'oud'
    state.loadError = 'oud'
    startLoading(state, 8)
    expect(state).toMatchObject({ meta: null, error: null, loadError: null, convId: 8 })
    startLoading(state, undefined)
    expect(state.convId).toBeNull()
  })

  it('keeps why the conversation could not be loaded', () => {
    const state = createConversationState(7)
    loadFailed(state, 'Dit gesprek bestaat niet.')
    expect(state.loadError).toBe('Dit gesprek bestaat niet.')
    expect(state.meta).toBeNull()
  })

  it('keeps the loaded conversation and opens the icebreakers only for a first word', () => {
    const state = createConversationState(7)
    loaded(state, { conversation: meta(), has_more: true, messages: [{}] }, NOT_OPTIONS)
    expect(state).toMatchObject({ convId: 7, hasMore: true, icebreaker: false })
    expect(state.meta?.profile.name).toBe('Anna')

    const begun = createConversationState(7)
    loaded(begun, { conversation: meta({ started_by_me: true }), has_more: false, messages: [] }, NOT_OPTIONS)
    expect(begun.icebreaker).toBe(true)

    const fromMatch = createConversationState(7)
    loaded(fromMatch, { conversation: meta(), has_more: false, messages: [] }, { openGift: false, openIcebreaker: true })
    expect(fromMatch.icebreaker).toBe(true)

    const notBegun = createConversationState(7)
    loaded(notBegun, { conversation: meta(), has_more: false, messages: [] }, NOT_OPTIONS)
    expect(notBegun.icebreaker).toBe(false)

    // The gift picker asked for (?gift=1) wins over the icebreakers.
    const gift = createConversationState(7)
    loaded(gift, { conversation: meta({ started_by_me: true }), has_more: false, messages: [] }, { openGift: true, openIcebreaker: true })
    expect(gift.icebreaker).toBe(false)
  })

  it('opens the icebreakers for a conversation that does not exist yet, unless a gift was asked for', () => {
    const state = createConversationState()
    loaded(state, { conversation: meta({ id: null }), has_more: false, messages: [] }, NOT_OPTIONS)
    expect(state).toMatchObject({ convId: null, icebreaker: true })
    const gift = createConversationState()
    loaded(gift, { conversation: meta({ id: null }), has_more: false, messages: [] }, { openGift: true, openIcebreaker: false })
    expect(gift.icebreaker).toBe(false)
  })

  it('gives a new conversation its id once the first message is stored', () => {
    const state = createConversationState()
    loaded(state, { conversation: meta({ id: null }), has_more: false, messages: [] }, NOT_OPTIONS)
    adopt(state, 99)
    expect(state.convId).toBe(99)
    expect(state.meta?.id).toBe(99)
    expect(state.meta?.profile.id).toBe(42)
  })

  it('takes the draft to send only when it has words and fits the limit', () => {
    const state = createConversationState(7)
    state.text = '   '
    expect(takeText(state, 10)).toBeNull()
    expect(state.text).toBe('   ')
    state.text = 'veel te lang bericht'
    expect(isOverLimit(state, 10)).toBe(true)
    expect(takeText(state, 10)).toBeNull()
    expect(state.text).toBe('veel te lang bericht')
    state.text = '  hallo  '
    expect(isOverLimit(state, 10)).toBe(false)
    expect(takeText(state, 10)).toBe('hallo')
    expect(state.text).toBe('')
  })

  it('shows a refused send where it belongs and puts its text back', () => {
    const credits = createConversationState(7)
    sendRefused(credits, { code: 'insufficient_credits', message: 'Te weinig credits' }, 'hoi', FALLBACK)
    expect(credits).toMatchObject({ refusal: { code: 'insufficient_credits', message: 'Te weinig credits' }, error: null, needsConfirmation: null, text: 'hoi' })

    const unconfirmed = createConversationState(7)
    sendRefused(unconfirmed, { code: 'email_not_confirmed', message: '' }, undefined, FALLBACK)
    expect(unconfirmed).toMatchObject({ needsConfirmation: FALLBACK.emailNotConfirmed, refusal: null, text: '' })

    const other = createConversationState(7)
    sendRefused(other, { code: 'blocked', message: 'Geblokkeerd' }, 'hoi', FALLBACK)
    expect(other).toMatchObject({ error: 'Geblokkeerd', refusal: null })
    sendRefused(other, { code: 'invalid_input', message: '' }, undefined, FALLBACK)
    expect(other.error).toBe(FALLBACK.generic)
  })

  it('turns a picked icebreaker into the draft and closes the modal', () => {
    const state = createConversationState(7)
    state.icebreaker = true
    pickIcebreaker(state, 'Wat doe je dit weekend?')
    expect(state).toMatchObject({ icebreaker: false, text: 'Wat doe je dit weekend?' })
  })

  it('is a store of its own per conversation', () => {
    const a = createConversationStore(1)
    const b = createConversationStore(2)
    a.text = 'alleen hier'
    expect(b.text).toBe('')
    expect(a.convId).toBe(1)
  })
})
