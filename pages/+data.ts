// https://vike.dev/data
// Every page has a server-side data hook (pages with data of their own override this one), so every client-side
// navigation fetches the page's pageContext from the server: tenant, user and language always arrive, even for a
// link followed before the first render finished (docs/decisions/013-server-page-context-on-every-navigation.md).
export const data = () => undefined
