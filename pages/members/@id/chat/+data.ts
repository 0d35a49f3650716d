// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { memberChatPageData } from '../../../../src/features/chat/page-data.server'

export const data = (pageContext: PageContextServer) => memberChatPageData(pageContext)
