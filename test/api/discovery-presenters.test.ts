import { presentMemberImage, presentMemberProfile } from '../../src/features/discovery/present-member.server'
import { ageOn } from '../../src/shared/dates'
import { demoTenants } from '../support/tenants'

const photo = (id: number, visibility: 'public' | 'private', status = 'active') => ({
  id,
  filename: `orig-${id}.webp`,
  thumbFilename: `thumb-${id}.webp`,
  blurredFilename: `blur-${id}.webp`,
  visibility,
  status,
})

describe('member presenters', () => {
  it('computes the age, never showing the date of birth', () => {
    expect(ageOn('1990-06-15', new Date('2026-06-14T12:00:00Z'))).toBe(35)
    expect(ageOn('1990-06-15', new Date('2026-06-15T12:00:00Z'))).toBe(36)
  })

  it('gives a free viewer only blurred copies and hides private photos', () => {
    const free = { pool: 'main', id: 1, paidUser: false }
    expect(presentMemberImage(photo(1, 'public'), free, '')).toEqual({ id: 1, thumb_filename: '/media/blur-1.webp', filename: '/media/blur-1.webp', locked: true, visibility: 'public' })
    expect(presentMemberImage(photo(2, 'private'), free, '')).toBeUndefined()
    expect(presentMemberImage(photo(3, 'public', 'pending'), { ...free, paidUser: true }, '')).toBeUndefined()
  })

  it('gives a premium viewer the originals, private ones included', () => {
    const premium = { pool: 'main', id: 1, paidUser: true }
    expect(presentMemberImage(photo(2, 'private'), premium, 'https://cdn')).toMatchObject({ filename: 'https://cdn/media/orig-2.webp', thumb_filename: 'https://cdn/media/thumb-2.webp', locked: false })
  })

  it('shows only the tenant visible fields and counts hidden private photos', () => {
    const tenant = demoTenants().byId.get('datingstad')!
    const profile = {
      accountId: 7, pool: 'main', name: 'Anna', gender: 'female', sexuality: 'hetero', seeking: 'male', birthDate: '1980-01-01', country: 'NL', region: '07',
      city: 'Utrecht', latitude: null, longitude: null, hairColour: 'blond', eyeColour: 'blue', bodyType: 'slim', relationshipStatus: 'single', tattoos: 'none',
      interests: ['music'], about: 'Hallo', lookingFor: 'Iemand leuks', mainPhotoId: 1, searchable: true, lastActiveAt: new Date(), textStatus: 'approved', textSubmittedAt: null,
    }
    const out = presentMemberProfile(
      { account: { id: 7, fictional: true }, profile, mainPhoto: photo(1, 'public'), photos: [photo(1, 'public'), photo(2, 'private'), photo(3, 'public', 'pending')], liked: true, likesYou: true, blocked: false },
      { pool: 'main', id: 1, paidUser: false },
      { ...tenant, visible_profile_fields: ['age', 'city', 'hair_colour'], visible_profile_notes: ['about'] },
      '',
    )
    expect(out.fields).toEqual({ hair_colour: 'blond', city: 'Utrecht' })
    expect(out.notes).toEqual({ about: 'Hallo' })
    expect(out.interests).toEqual([])
    expect(out.photos.map((p) => p.id)).toEqual([1])
    expect(out.hidden_private_photos).toBe(1)
    expect(out.match).toBe(true)
    expect(JSON.stringify(out)).not.toMatch(/orig-|thumb-|1980/)
    // Texts waiting for review or rejected by a moderator are not shown to others (decision 037 addendum).
    for (const textStatus of ['pending', 'rejected']) {
      const under = presentMemberProfile(
        { account: { id: 7, fictional: true }, profile: { ...profile, textStatus }, mainPhoto: photo(1, 'public'), photos: [], liked: false, likesYou: false, blocked: false },
        { pool: 'main', id: 1, paidUser: false },
        tenant,
        '',
      )
      expect(under.notes).toEqual({ about: null, looking_for: null })
    }
  })
})

describe('search filters', () => {
  // imported lazily to keep this file's first describe independent
  const { defaultFilters, filterConditions } = jest.requireActual('../../src/features/discovery/filters.server') as typeof import('../../src/features/discovery/filters.server')
  it('gives each niche its defaults', () => {
    const tenants = demoTenants()
    expect(defaultFilters(tenants.byId.get('rijpedates')!)).toMatchObject({ gender: 'female', min_age: 40 })
    expect(defaultFilters(tenants.byId.get('mannenmatch')!)).toMatchObject({ gender: 'male' })
    expect(defaultFilters(tenants.byId.get('datingstad')!, { gender: 'male', sexuality: 'hetero' })).toMatchObject({ gender: 'female' })
    expect(defaultFilters(tenants.byId.get('datingstad')!, { gender: 'female', sexuality: 'lesbian' })).toMatchObject({ gender: 'female' })
  })
  it('builds no condition without filters', () => {
    expect(filterConditions({})).toBeUndefined()
    expect(filterConditions({ gender: 'female', min_age: 30, max_age: 40 })).toBeDefined()
  })
})
