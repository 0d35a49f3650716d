// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { swipeGamePageData } from '../../src/features/discovery/page-data.server'

export const data = (pageContext: PageContextServer) => swipeGamePageData(pageContext)
