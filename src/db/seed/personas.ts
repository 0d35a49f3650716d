// Demo personas and their accounts: two per tenant (one free, one premium), known passwords. Tenants not listed
// get a generic pair.
import { type Tenant } from '../../shared/tenant-schema'
import { type Gender, type Sexuality, FREE_PASSWORD, PREMIUM_PASSWORD } from './common'

export interface DemoAccount {
  tenantId: string
  email: string
  password: string
  kind: 'free' | 'premium'
  name: string
}

export interface Persona {
  name: string
  gender: Gender
  sexuality: Sexuality
  seeking: Gender
  age: number
}

export const DEMO_PERSONAS: Record<string, { free: Persona; premium: Persona }> = {
  datingstad: {
    free: { name: 'Sanne', gender: 'female', sexuality: 'hetero', seeking: 'male', age: 31 },
    premium: { name: 'Mark', gender: 'male', sexuality: 'hetero', seeking: 'female', age: 38 },
  },
  flirtbelgie: {
    free: { name: 'Wout', gender: 'male', sexuality: 'hetero', seeking: 'female', age: 29 },
    premium: { name: 'Lien', gender: 'female', sexuality: 'hetero', seeking: 'male', age: 34 },
  },
  mannenmatch: {
    free: { name: 'Thijs', gender: 'male', sexuality: 'gay', seeking: 'male', age: 27 },
    premium: { name: 'Ruben', gender: 'male', sexuality: 'gay', seeking: 'male', age: 41 },
  },
  rijpedates: {
    free: { name: 'Erik', gender: 'male', sexuality: 'hetero', seeking: 'female', age: 36 },
    premium: { name: 'Ingrid', gender: 'female', sexuality: 'hetero', seeking: 'male', age: 52 },
  },
}

export function personasFor(tenant: Tenant): { free: Persona; premium: Persona } {
  const known = DEMO_PERSONAS[tenant.id]
  if (known) return known
  if (tenant.niche === 7) {
    return {
      free: { name: 'Tim', gender: 'male', sexuality: 'gay', seeking: 'male', age: 30 },
      premium: { name: 'Jeroen', gender: 'male', sexuality: 'gay', seeking: 'male', age: 44 },
    }
  }
  return {
    free: { name: 'Tim', gender: 'male', sexuality: 'hetero', seeking: 'female', age: 33 },
    premium: { name: 'Lisa', gender: 'female', sexuality: 'hetero', seeking: 'male', age: tenant.niche === 6 ? 48 : 32 },
  }
}

/** The e-mail of a tenant's demo account of a kind, and of the n-th fictional member of a pool (n from 1). */
export const demoEmail = (tenantId: string, kind: 'free' | 'premium') => `${kind}@${tenantId}.demo`
export const fictionalEmail = (pool: string, n: number) => `fictief-${pool}-${n}@demo.invalid`

export function demoAccountsFor(tenantId: string, personas: { free: Persona; premium: Persona }): DemoAccount[] {
  return [
    { tenantId, email: demoEmail(tenantId, 'free'), password: FREE_PASSWORD, kind: 'free', name: personas.free.name },
    { tenantId, email: demoEmail(tenantId, 'premium'), password: PREMIUM_PASSWORD, kind: 'premium', name: personas.premium.name },
  ]
}

/** The demo accounts a tenant gets on a demo install (npm run tenant:new prints them for a new tenant). */
export function demoAccountsOfTenant(tenant: Tenant): DemoAccount[] {
  return demoAccountsFor(tenant.id, personasFor(tenant))
}

/** The demo member accounts with known passwords: two per tenant (one free, one premium). */
export const DEMO_ACCOUNTS: DemoAccount[] = Object.entries(DEMO_PERSONAS).flatMap(([id, p]) => demoAccountsFor(id, p))
