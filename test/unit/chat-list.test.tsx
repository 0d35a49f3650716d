import { act, screen, within } from '@testing-library/react'
import { renderInShell } from '../support/shell'
import type { PresentedUser } from '../../src/shared/contracts'
import type { ChatListItem } from '../../src/shared/chat-contracts'
import { ChatList } from '../../src/features/chat/chat-list'
import { chatStore, createChatState } from '../../src/features/chat/chat-store'

jest.mock('vike/client/router', () => ({ navigate: jest.fn(async () => {}) }))

const member: PresentedUser = {
  id: 1, email: 'a@b.nl', status: 'active', credits: 0, paid_user: false, signup_date: '2026-01-01T00:00:00Z', language: 'nl',
  fictional_icon: false, notifications_disabled: [], profile: { id: 1, name: 'Sanne', country: 'NL', status: 'active', main_image: null },
}

const chat = (id: number, name: string, fictional: boolean): ChatListItem => ({
  profile: { id, name, age: 40, gender: 'female', country: 'NL', region: null, region_name: null, city: 'Arnhem', fictional, main_image: null, liked: false },
  conversation: { id: id * 10, last_message: null, last_message_at: '2026-11-27T07:50:00.000Z', last_read_by_other: null },
  num_unread_messages: 0,
})

async function renderList(tenantId: string) {
  const result = renderInShell(<ChatList activeId={null} />, { tenant: tenantId, user: member, layout: 'chat' })
  await act(async () => undefined)
  return result
}

afterEach(() => Object.assign(chatStore, createChatState()))

describe('the chat list', () => {
  it("labels a fictional profile with the tenant's own word, its warning as the tooltip (ACM disclosure)", async () => {
    Object.assign(chatStore, { chats: [chat(2, 'Sandra', true), chat(3, 'Ingrid', false)] })
    for (const tenantId of ['datingstad', 'rijpedates']) {
      const { unmount, settings } = await renderList(tenantId)
      const [sandra, ingrid] = screen.getAllByTestId('chat-item')
      const label = within(sandra).getByTestId('fictional-label')
      expect(label.textContent).toBe(settings.fictional_singular)
      expect(label.getAttribute('title')).toBe(settings.fictional_warning)
      expect(within(ingrid).queryByTestId('fictional-label')).toBeNull()
      unmount()
    }
  })
})
