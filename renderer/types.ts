// The pageContext our server adds (see src/server/vike.server.ts) and the custom configs of pages/+config.ts.
import type React from 'react'
import type { i18n as I18n } from 'i18next'
import type { Settings, CompanyInfo } from '../src/features/settings/settings.server'
import type { PresentedUser } from '../src/shared/contracts'
import type { AppTheme, TenantThemeInput } from '../themes/build-theme'
import type { Locale } from '../src/shared/locales'
import type { EndpointDefinition, EndpointInput, EndpointResponse } from '../src/shared/endpoint'
import type { FragmentStore } from '../src/shared/fragment-cache'

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty' | 'console'

/** What the browser receives about the tenant: the public settings, never the tenant file itself. */
export interface PublicTenant {
  id: string
  settings: Omit<Settings, 'region_data' | 'interests'>
  company: CompanyInfo
  theme: TenantThemeInput
  /**
   * The Emotion theme built from it on the server (themes/build-theme.ts): the browser gets the colours, not the
   * colour library that derives them (polished stays out of every page's bundle, decision 029).
   */
  appTheme: AppTheme
  pitch: { headline: string; body: string; cta: string }
  termsVersionDate: string
  /** The IANA time zone every date and time is shown in (src/shared/dates.ts). */
  timeZone: string
}

declare global {
  namespace Vike {
    interface PageContext {
      Page: () => React.JSX.Element
      tenant: PublicTenant
      /**
       * The tenant as the browser receives it: JSON made once per tenant on the server (publicTenantJson), turned
       * back into `tenant` by +onRenderClient.
       */
      tenantJson?: string
      user: PresentedUser | null
      lng: Locale
      /** Server only: the catalogues for the browser, as inlinable JSON (read back by +onRenderClient). */
      /** The UI catalogue of lng as a cacheable file (see I18nService.bundleUrl). */
      i18nBundleUrl?: string
      /** Server only: the request's i18next clone. */
      i18nServer?: I18n
      /** Server only: data access for +data hooks. */
      services?: PageServices
      /** Server only: markup kept across renders (src/shared/fragment-cache.tsx, decision 050). */
      fragmentStore?: FragmentStore
    }
    interface Config {
      layout?: LayoutName
      /** A translation key, or a function of the pageContext, for the document title. */
      title?: string | ((pageContext: PageContext) => string)
      /**
       * 'intent': served to a visitor without a session, the page is hydrated only when the visitor first acts
       * (pointer, touch, key, wheel); until then it is its server-rendered HTML (decision 052). Default: after the paint.
       */
      hydration?: 'intent'
    }
  }
}

/** Server functions a page's +data hook may call; the server provides them per request. */
export interface PageServices {
  /**
   * Calls a GET endpoint's handler in process as the visitor of this request, with the context already resolved
   * for the page (src/server/endpoint.server.ts callInProcess): the answer the browser would fetch, or the error
   * status with a null body. Decision 026.
   */
  call<E extends EndpointDefinition<'GET'>>(def: E, input: EndpointInput<E>): Promise<{ status: number; body: EndpointResponse<E> | null }>
  extraPage(token: string): { title: string; body: string } | undefined
}

export {}
