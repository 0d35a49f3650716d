declare module 'iso-3166-2' {
  interface Subdivision {
    type: string
    name: string
  }
  export function country(code: string): { name: string; sub: Record<string, Subdivision> } | null
  const iso: { country: typeof country }
  export default iso
}
