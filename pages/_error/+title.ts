// https://vike.dev/meta (our custom `title` config, see pages/+config.ts): the status code, the same in every language.
import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) => (pageContext.is404 ? '404' : String(pageContext.abortStatusCode ?? 500))
