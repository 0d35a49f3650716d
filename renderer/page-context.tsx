// https://vike.dev/usePageContext
import { createContext, useContext, type ReactNode } from 'react'
import type { PageContext } from 'vike/types'
import { pathnameOf } from '../src/shared/url-pathname'

const Context = createContext<PageContext>(undefined as unknown as PageContext)

export function PageContextProvider({ pageContext, children }: { pageContext: PageContext; children: ReactNode }) {
  return <Context.Provider value={pageContext}>{children}</Context.Provider>
}

export function usePageContext(): PageContext {
  return useContext(Context)
}

/** The current page's pathname (parsed once per URL: src/shared/url-pathname.ts). */
export function usePathname(): string {
  return pathnameOf(useContext(Context))
}

/** The data of the page's +data hook. */
export function useData<T>(): T {
  return usePageContext().data as T
}
