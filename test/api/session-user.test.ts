// The user of a page request comes from the session lookup of that request (decision 042): the same presented user
// as presentUser gives (profile, main photo, notification state), without a query of its own.
import { eq } from 'drizzle-orm'
import { describeEachDb, openTestDatabase, type DbKind } from '../support/db'
import { makeMember } from '../../src/features/discovery/test-support/members'
import { accountForSession, presentSessionUser, presentUser, sessionSearchProfile } from '../../src/features/accounts/sessions.server'
import { viewerProfile } from '../../src/features/discovery/search.server'
import { accounts, notificationSettings, photos, profiles } from '../../src/db/schema'
import type { Database } from '../../src/db/client.server'

jest.setTimeout(60_000)

const TENANT = { id: 'datingstad', pool: 'main' }
const token = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)

describeEachDb('the user of a page request', (kind: DbKind) => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('is presentUser’s user, read with the session: photo, notification state, no profile, a photo under review', async () => {
    const { db } = database
    const withPhoto = await makeMember(db, { photos: [{ visibility: 'public' }] })
    await db.insert(notificationSettings).values({ accountId: withPhoto.id, pool: 'main', disabledReasons: ['bounce', 'fbl'] })
    const plain = await makeMember(db)
    const noProfile = await makeMember(db, { photos: [{ visibility: 'public' }] })
    await db.delete(profiles).where(eq(profiles.accountId, noProfile.id))
    const pending = await makeMember(db, { photos: [{ visibility: 'public' }] })
    await db.update(photos).set({ status: 'pending' }).where(eq(photos.accountId, pending.id))
    const disabled = await makeMember(db)
    await db.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, disabled.id))

    for (const member of [withPhoto, plain, noProfile, pending, disabled]) {
      const account = await accountForSession(db, token(member.cookie), TENANT)
      expect(account?.id).toBe(member.id)
      const fromSession = await presentSessionUser(db, account!, 'https://cdn.example')
      expect(fromSession).toEqual(await presentUser(db, account!, 'https://cdn.example'))
    }
    const shown = await presentSessionUser(db, (await accountForSession(db, token(withPhoto.cookie), TENANT))!, '')
    expect(shown.notifications_disabled).toEqual(['bounce', 'fbl'])
    expect(shown.profile?.main_image?.filename).toMatch(/^\/media\/orig[0-9a-f]+\.webp$/)
  })

  it('makes no query of its own for the session’s account, and queries for any other account object', async () => {
    const { db } = database
    const member = await makeMember(db, { photos: [{ visibility: 'public' }] })
    const account = (await accountForSession(db, token(member.cookie), TENANT))!
    const select = jest.spyOn(db, 'select')
    try {
      await presentSessionUser(db, account, '')
      expect(select).not.toHaveBeenCalled()
      // A copy (an account read or changed elsewhere) is not the session's: it is read from the database.
      const user = await presentSessionUser(db, { ...account }, '')
      expect(select).toHaveBeenCalledTimes(1)
      expect(user.profile?.main_image).not.toBeNull()
      // What the lookup read with the account does not travel with it: its keys and its JSON are the account's own.
      expect(Object.keys(account)).toEqual(Object.keys({ ...account }))
      expect(JSON.stringify(account)).toBe(JSON.stringify({ ...account }))
      expect(JSON.stringify(account)).not.toContain('main_image')
    } finally {
      select.mockRestore()
    }
  })

  it('gives the search the gender and sexuality viewerProfile reads, and nothing for a copy or a member without profile', async () => {
    const { db } = database
    const made = [
      await makeMember(db, { gender: 'male', sexuality: 'gay' }),
      await makeMember(db, { gender: 'female', sexuality: 'bi' }),
      await makeMember(db, { gender: 'female' }),
    ]
    const unset = await makeMember(db)
    await db.update(profiles).set({ gender: null, sexuality: null }).where(eq(profiles.accountId, unset.id))
    for (const member of [...made, unset]) {
      const account = (await accountForSession(db, token(member.cookie), TENANT))!
      const fromSession = sessionSearchProfile(account)
      expect(fromSession).toEqual(await viewerProfile(db, { pool: 'main', id: member.id, paidUser: false }))
      expect(fromSession).toBeDefined()
      expect(sessionSearchProfile({ ...account })).toBeUndefined()
    }
    expect(sessionSearchProfile((await accountForSession(db, token(made[0].cookie), TENANT))!)).toEqual({ gender: 'male', sexuality: 'gay' })
    expect(sessionSearchProfile((await accountForSession(db, token(unset.cookie), TENANT))!)).toEqual({ gender: null, sexuality: null })
    // Without a profile the search reads it itself (viewerProfile: none, so no default gender).
    const noProfile = await makeMember(db)
    await db.delete(profiles).where(eq(profiles.accountId, noProfile.id))
    expect(sessionSearchProfile((await accountForSession(db, token(noProfile.cookie), TENANT))!)).toBeUndefined()
  })
})
