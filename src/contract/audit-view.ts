import type { auditSortKeys } from './audits'
import type { ListViewDefaults } from './list-view'

/**
 * The console's /audits view by default: newest first (the server's default too), and the columns
 * it sorts by. The "user_id desc" of requirements R9.2 is reachable from the Actor header. Apart
 * from the structs of audits.ts, so a signed-in boot can name /audits' first window
 * (first-requests.ts) without loading them.
 */
export const auditListDefaults: ListViewDefaults<(typeof auditSortKeys)[number]> = {
  orderBy: 'audit_id',
  orderDirection: 'desc',
  sortable: ['audit_id', 'device_name', 'command', 'result', 'user_id'],
}
