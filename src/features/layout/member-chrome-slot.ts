// Loads the member-only parts of the page shell (./member-chrome) when a member is logged in. The server and the
// browser both load them before rendering a member's page (onRenderHtml, onRenderClient), so the markup of the
// first render and of hydration is the same; a login without navigation (the signup modal) loads them then.
// A visitor's page renders none of it and never downloads the chunk (decision 038: the landing JavaScript budget).
import { useEffect, useState } from 'react'

type MemberChrome = typeof import('./member-chrome')

let loaded: MemberChrome | null = null
let loading: Promise<MemberChrome> | null = null

export function loadMemberChrome(): Promise<MemberChrome> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= import('./member-chrome').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null
      throw err
    },
  )
  return loading
}

/** The member chrome for a logged-in member (null for a visitor, and until it has loaded). */
export function useMemberChrome(member: boolean): MemberChrome | null {
  const [chrome, setChrome] = useState(loaded)
  useEffect(() => {
    if (!member || chrome) return
    let cancelled = false
    loadMemberChrome().then(
      (m) => {
        if (!cancelled) setChrome(m)
      },
      () => undefined,
    )
    return () => {
      cancelled = true
    }
  }, [member, chrome])
  return member ? chrome : null
}
