// The demo tenants, imported directly (for jsdom tests, where the server's esbuild-based loader cannot run).
import path from 'node:path'
import datingstad from '../../tenants/datingstad'
import flirtbelgie from '../../tenants/flirtbelgie'
import rijpedates from '../../tenants/rijpedates'
import mannenmatch from '../../tenants/mannenmatch'
import euroflirt from '../../tenants/euroflirt'
import { createRegistry, parseTenant } from '../../src/server/tenants.server'

export function demoTenants() {
  const files = { datingstad, flirtbelgie, rijpedates, mannenmatch, euroflirt }
  return createRegistry(Object.entries(files).map(([id, t]) => parseTenant(path.join('tenants', `${id}.ts`), t)))
}
