import type { AuditSort } from '../../api/audits'
import { startEarlyGet } from '../../api/early-get'
import { AUDIT_PATH, buildUrl } from '../../api/urls'
import { parseListView, type ListViewDefaults } from '../../ui/data-table/list-view'

// Newest first (the server's default too); SPEC 9's "user_id desc" is reachable from the Actor header.
export const defaults: ListViewDefaults<AuditSort> = {
  orderBy: 'audit_id',
  orderDirection: 'desc',
  sortable: ['audit_id', 'device_name', 'command', 'result', 'user_id'],
}

/**
 * The DataTable's first window (WINDOW_SIZE of use-windowed-rows.ts, pinned by a test): importing
 * that module would make this small boot chunk wait for the table's code.
 */
export const FIRST_WINDOW = { start: 0, length: 100 } as const

/**
 * A signed-in boot on /audits (the route's `prefetch`, main.tsx): the URL's first window is
 * requested beside the profile, exactly as the table will ask for it, instead of after the profile
 * and the shell have rendered.
 */
export function prefetchAudits(search: string) {
  const view = parseListView(search, defaults)
  startEarlyGet(
    buildUrl({
      path: AUDIT_PATH,
      query: {
        ...FIRST_WINDOW,
        order_by: view.orderBy,
        order_direction: view.orderDirection,
        search: view.search,
      },
    }),
  )
}
