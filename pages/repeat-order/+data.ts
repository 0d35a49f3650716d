// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { repeatOrderPageData } from '../../src/features/payments/page-data.server'

export const data = (pageContext: PageContextServer) => repeatOrderPageData(pageContext)
