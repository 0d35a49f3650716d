// WCAG AA contrast of a tenant's theme (themes/contrast.ts): every pair the UI draws, refused with the nearest passing colour.
import { getContrast } from 'polished'
import { checkContrast, contrastFailures, describeFailure, nearestPassing, longHex } from '../../themes/contrast'
import { tenantSchema } from '../../src/shared/tenant-schema'
import { demoTenants } from '../support/tenants'

describe('theme contrast', () => {
  it('checks text on primary and secondary, the buttons, the badges, the unread colour and the package colours', () => {
    const names = checkContrast({ primary: '#c62828', secondary: '#fdd835' }).map((r) => r.name).join('\n')
    for (const part of ['text on primary', 'primary buttons when hovered', 'primary badges', 'text on secondary', 'secondary buttons when hovered', 'unread badge', 'package colour 0', 'package colour 3']) {
      expect(names).toContain(part)
    }
  })

  it('passes every pair of every demo tenant', () => {
    for (const tenant of demoTenants().all) {
      const failing = checkContrast(tenant.theme).filter((r) => !r.passes)
      expect({ tenant: tenant.id, failing: failing.map((r) => r.name) }).toEqual({ tenant: tenant.id, failing: [] })
    }
  })

  it('refuses a light primary with the failing pair and suggests the nearest primary that passes', () => {
    const input = { primary: '#42a5f5', secondary: '#fdd835' }
    const failures = contrastFailures(input)
    expect(failures.length).toBeGreaterThan(0)
    const badge = failures.find((f) => f.result.name === 'white text on primary badges')!
    expect(badge.key).toBe('primary')
    expect(badge.result.ratio).toBeCloseTo(getContrast('#ffffff', '#42a5f5'), 5)
    expect(describeFailure(badge)).toMatch(/^white text on primary badges: #ffffff on #42a5f5 is 2\.\d\d:1, WCAG AA needs 4\.5:1; nearest passing primary: #[0-9a-f]{6}$/)
    const suggested = badge.suggestion!
    expect(suggested).toMatch(/^#[0-9a-f]{6}$/)
    // The suggestion passes every pair of the primary, and one step nearer to the original does not.
    expect(checkContrast({ ...input, primary: suggested }).filter((r) => r.input === 'primary' && !r.passes)).toEqual([])
    expect(getContrast('#ffffff', suggested)).toBeGreaterThanOrEqual(4.5)
  })

  it('suggests the nearest colour of the key that fails: the unread colour and the secondary', () => {
    const unread = nearestPassing({ primary: '#c62828', secondary: '#fdd835', unread: '#00bcd4' }, 'unread')!
    expect(getContrast('#ffffff', unread)).toBeGreaterThanOrEqual(4.5)
    expect(getContrast('#ffffff', unread)).toBeLessThan(4.9)
    const failures = contrastFailures({ primary: '#c62828', secondary: '#ff8f00' })
    expect(failures.map((f) => [f.key, f.result.name])).toEqual([['secondary', 'text on secondary buttons when hovered']])
    expect(failures[0].suggestion).toBe('#ff960f')
  })

  it('writes colours with six digits', () => {
    expect(longHex('#FFF')).toBe('#ffffff')
    expect(longHex('#a1b2c3')).toBe('#a1b2c3')
  })

  it('makes the tenant schema refuse a failing theme, naming the field and the pair', () => {
    const good = demoTenants().byId.get('flirtbelgie')!
    expect(tenantSchema.safeParse(good).success).toBe(true)
    const bad = tenantSchema.safeParse({ ...good, theme: { ...good.theme, unread: '#ffeb3b' } })
    expect(bad.success).toBe(false)
    const issue = bad.error!.issues.find((i) => i.path.join('.') === 'theme.unread')!
    expect(issue.message).toMatch(/^white text on the unread badge: #ffffff on #ffeb3b is 1\.\d\d:1, WCAG AA needs 4\.5:1; nearest passing unread: #[0-9a-f]{6}$/)
  })
})
