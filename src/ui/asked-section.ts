import { useEffect, useRef } from 'react'
import { useLocation, useSearch } from 'wouter'
import { listParams } from '../contract/pages'

/**
 * A section of a page that a link asks for with `?command=<word>` (the palette's "Who can open …"):
 * once `ready` (its answer on screen), its heading takes focus (which scrolls to it), and the word
 * leaves the URL, so Back or a reload do not ask again. Give the heading the ref and tabIndex -1.
 */
export function useAskedSection(word: string, ready: boolean) {
  const heading = useRef<HTMLHeadingElement>(null)
  const search = useSearch()
  const [path, navigate] = useLocation()
  const params = new URLSearchParams(search)
  const asked = params.get(listParams.command) === word
  useEffect(() => {
    if (!asked || !ready || heading.current === null) return
    heading.current.focus()
    params.delete(listParams.command)
    const rest = params.toString()
    navigate(rest === '' ? path : `${path}?${rest}`, { replace: true })
  })
  return heading
}
