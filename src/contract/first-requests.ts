import { AUDIT_PATH, PROFILE_PATH, requestPath } from './api-paths'
import { auditListDefaults } from './audit-view'
import { parseListView } from './list-view'
import { patterns } from './pages'
import { matchPattern } from './route-match'

/**
 * A list's first window: WINDOW_SIZE of ui/data-table/use-windowed-rows.ts, pinned by a test.
 * Importing that module would make the entry wait for the table's code.
 */
export const FIRST_WINDOW = { start: 0, length: 100 } as const

/** /audits' first window for the page URL's `search`, exactly as the table will ask for it. */
function auditFirstWindow(search: string): string {
  const view = parseListView(search, auditListDefaults)
  return requestPath({
    path: AUDIT_PATH,
    query: {
      ...FIRST_WINDOW,
      order_by: view.orderBy,
      order_direction: view.orderDirection,
      search: view.search,
    },
  })
}

/** The pages whose first data a signed-in load asks for at once, by route pattern. */
const firstData: Readonly<Record<string, (search: string) => string>> = {
  [patterns.audits]: auditFirstWindow,
}

/**
 * The GETs a signed-in load of the page at `pathname` + `search` sends first: the screen's first
 * data, then the profile. The console sends them as its entry starts (app/boot-requests.ts); the
 * reference server answers them inside the page (contract/boot-answers.ts). The data goes first:
 * the server answers in turn, and a screen whose first answer is in hand renders its rows with the
 * shell, while the profile is needed only once the shell chunk has run. Synchronous and light.
 */
export function firstRequests(pathname: string, search: string): string[] {
  const pattern = Object.keys(firstData).find((candidate) => matchPattern(candidate, pathname))
  const data = pattern === undefined ? [] : [firstData[pattern](search)]
  return [...data, PROFILE_PATH]
}
