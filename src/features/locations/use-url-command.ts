import { useCallback } from 'react'
import { useLocation, useSearch } from 'wouter'
import { listParams } from '../../contract/pages'

/**
 * The palette commands a location screen answers through `?command=` (dialogs by URL, requirements
 * R2.3).
 */
export type LocationCommand = 'add-floor' | 'upload-plan' | 'lockdown'

const commands: readonly LocationCommand[] = ['add-floor', 'upload-plan', 'lockdown']

/**
 * The `?command=` a palette action put in the URL, and `done`, which drops it (replacing the history
 * entry) once the screen has acted, so reload or coming back does not act a second time.
 */
export function useUrlCommand(): { command: LocationCommand | null; done: () => void } {
  const [path, navigate] = useLocation()
  const search = useSearch()
  const value = new URLSearchParams(search).get(listParams.command)
  const command = commands.find((c) => c === value) ?? null
  const done = useCallback(() => {
    const params = new URLSearchParams(search)
    if (!params.has(listParams.command)) return
    params.delete(listParams.command)
    const text = params.toString()
    navigate(text === '' ? path : `${path}?${text}`, { replace: true })
  }, [navigate, path, search])
  return { command, done }
}
