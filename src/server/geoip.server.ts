// Offline GeoIP: the country of a client address from the mmdb file that ships in an npm package.
import path from 'node:path'
import { createRequire } from 'node:module'
import maxmind, { type Reader, type Response } from 'maxmind'

type CountryRecord = { country_code?: string }
export type GeoIp = (ip: string | undefined) => string | undefined

export async function openGeoIp(): Promise<GeoIp> {
  const require = createRequire(path.join(process.cwd(), 'package.json'))
  const pkgDir = path.dirname(require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/package.json'))
  const reader: Reader<Response> = await maxmind.open(path.join(pkgDir, 'geo-whois-asn-country.mmdb'))
  return (ip) => {
    if (!ip || !maxmind.validate(ip.replace(/^::ffff:/, ''))) return undefined
    try {
      return (reader.get(ip.replace(/^::ffff:/, '')) as CountryRecord | null)?.country_code ?? undefined
    } catch {
      return undefined
    }
  }
}
