import { useEffect, useRef, useState } from 'react'
import { createBrowse, idleBrowse, type BrowseState } from './browse'
import type { CommandContext } from './command'
import type { EntitySource } from './entity-source'

/** React face of createBrowse: lists `source` window by window (null: not browsing). */
export function useBrowse<Ctx extends CommandContext>(source: EntitySource<unknown, Ctx> | null) {
  const [state, setState] = useState<BrowseState<Ctx>>(idleBrowse)
  const browse = useRef<ReturnType<typeof createBrowse<Ctx>> | null>(null)
  useEffect(() => {
    const current = createBrowse<Ctx>(setState)
    browse.current = current
    return () => {
      current.dispose()
      browse.current = null
    }
  }, [])
  useEffect(() => {
    browse.current?.start(source)
  }, [source])
  return { state, more: () => browse.current?.more() }
}
