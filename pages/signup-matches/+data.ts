// https://vike.dev/data
import type { PageContextServer } from 'vike/types'
import { signupMatchesData } from '../../src/features/landers/page-data.server'

export const data = (pageContext: PageContextServer) => signupMatchesData(pageContext)
