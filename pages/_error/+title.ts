// https://vike.dev/meta (our custom `title` config, see pages/+config.ts)
import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) => (pageContext.is404 ? '404' : 'Error')
