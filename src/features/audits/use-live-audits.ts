import { useCallback, useEffect, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { auditKeys, fetchAuditNews, type BoundedAuditList } from '../../api/audits'
import { activeList } from '../../ui/data-table/active-list'
import { registerNews } from '../../ui/news-handle'

/** How often an open log asks whether entries arrived (decision 020: poll, not stream). */
export const NEWS_POLL_MS = 10_000

export interface LiveAudits {
  /** Entries that arrived after the log was read and match its search (capped; see `more`). */
  count: number
  more: boolean
  /** How many entries the last "show" brought in, for the screen reader; null before any. */
  shown: number | null
  show(): Promise<void>
}

/**
 * A poll for what arrived in the log after the bound `list` is read at: new entries never move the
 * rows under the reader; R (or the bar) advances the bound and shows them at the top. The bound is
 * followed here, in the news bar, not in the screen: learning it (right after the first rows render)
 * then re-renders the bar alone, never the list before its first rows are painted.
 */
export function useLiveAudits(list: BoundedAuditList, search: string): LiveAudits {
  const client = useQueryClient()
  const [upto, setUpto] = useState(() => list.upto())
  useEffect(() => list.subscribe(setUpto), [list])
  const [shown, setShown] = useState<number | null>(null)
  const news = useQuery({
    queryKey: [...auditKeys.all, 'news', upto, search, list.doorId],
    queryFn: ({ signal }) => fetchAuditNews(upto ?? 0, search, list.doorId, signal),
    enabled: upto !== null,
    refetchInterval: NEWS_POLL_MS,
  })
  const latest = news.data
  const show = useCallback(async () => {
    if (latest === undefined || latest.count === 0) return
    // Focus goes to the list before the bar it came from disappears, never to <body>.
    activeList()?.first()
    list.advance(latest.upto)
    await client.invalidateQueries({ queryKey: auditKeys.lists() })
    activeList()?.first()
    setShown(latest.count)
  }, [client, latest, list])
  useEffect(() => registerNews({ show: () => void show() }), [show])
  return { count: latest?.count ?? 0, more: latest?.more ?? false, shown, show }
}
