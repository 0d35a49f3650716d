import { act, render, screen, within } from '@testing-library/react'
import createCache from '@emotion/cache'
import type { PageContext } from 'vike/types'
import { PageShell } from '../../renderer/page-shell'
import { createI18nService } from '../../src/server/i18n.server'
import { demoTenants } from '../support/tenants'
import { publicTenant } from '../../src/server/public-tenant.server'
import { createSessionStore } from '../../src/shared/session/session-store'
import type { Services } from '../../src/server/context.server'
import type { PresentedUser } from '../../src/shared/contracts'
import type { ChatListItem } from '../../src/shared/chat-contracts'
import { ChatList } from '../../src/features/chat/chat-list'
import { chatStore, createChatState } from '../../src/features/chat/chat-store'

jest.mock('vike/client/router', () => ({ navigate: jest.fn(async () => {}) }))

const i18nService = createI18nService()
const tenants = demoTenants()
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
  const tenant = tenants.byId.get(tenantId)!
  const i18n = i18nService.forRequest('nl')
  const ctx = { tenant, lng: 'nl', i18n, t: i18n.t.bind(i18n), country: undefined, account: undefined }
  const services = { i18n: i18nService, vapid: { publicKey: 'k', privateKey: 'p' } } as unknown as Services
  const pageContext = { tenant: publicTenant(services, ctx as never), lng: 'nl', user: member, config: { layout: 'chat' }, routeParams: {} } as unknown as PageContext
  const result = render(
    <PageShell pageContext={pageContext} cache={createCache({ key: 'css' })} i18n={i18n} store={createSessionStore(member)}>
      <ChatList activeId={null} />
    </PageShell>,
  )
  await act(async () => undefined)
  return { ...result, settings: pageContext.tenant.settings }
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
