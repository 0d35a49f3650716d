// https://vike.dev/data: every lander's data, read as the visitor (src/features/landers/page-data.server.ts).
import type { PageContextServer } from 'vike/types'
import { landerPageData } from '../../src/features/landers/page-data.server'

export const data = (pageContext: PageContextServer) => landerPageData(pageContext)
