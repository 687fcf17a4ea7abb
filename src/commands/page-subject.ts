import { createContext, use, useEffect } from 'react'
import type { EntityKind } from './scopes'

/** The entity the page shows: the empty palette offers its actions first and remembers it. */
export interface PageSubject {
  readonly kind: EntityKind
  readonly entity: unknown
}

type SetSubject = (subject: PageSubject | null) => void

export const PageSubjectContext = createContext<SetSubject | null>(null)

/**
 * Makes `entity` (once loaded) the page's subject while the calling page is mounted: a view or
 * edit page of one organization, user, location, device or credential. Without a CommandsProvider
 * above (a screen alone in a unit test) there is no palette to tell.
 */
export function usePageSubject(kind: EntityKind, entity: unknown): void {
  const set = use(PageSubjectContext)
  useEffect(() => {
    if (set === null || entity === undefined || entity === null) return
    set({ kind, entity })
    return () => set(null)
  }, [set, kind, entity])
}
