import { useEffect, useRef, useState } from 'react'
import type { CommandContext } from './command'
import type { EntitySource } from './entity-source'
import {
  createEntitySearch,
  idleSearch,
  type EntitySearchState,
  type SourceCapabilities,
} from './entity-search'

/** React face of createEntitySearch: re-queries when the sources or the text change (null: idle). */
export function useEntitySearch<Ctx extends CommandContext>(
  sources: readonly EntitySource<unknown, Ctx>[],
  text: string | null,
  capabilities?: SourceCapabilities<Ctx>,
): EntitySearchState<Ctx> {
  const [state, setState] = useState<EntitySearchState<Ctx>>(idleSearch)
  const search = useRef<ReturnType<typeof createEntitySearch<Ctx>> | null>(null)
  useEffect(() => {
    const current = createEntitySearch<Ctx>(setState)
    search.current = current
    return () => {
      current.dispose()
      search.current = null
    }
  }, [])
  useEffect(() => {
    search.current?.update(sources, text, capabilities)
  }, [sources, text, capabilities])
  return state
}
