// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { directDebitPageData } from '../../src/features/payments/page-data.server'

export const data = (pageContext: PageContextServer) => directDebitPageData(pageContext)
