// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { conversationPageData } from '../../../src/features/chat/page-data.server'

export const data = (pageContext: PageContextServer) => conversationPageData(pageContext)
