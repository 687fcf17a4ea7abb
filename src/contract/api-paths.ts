// The path prefixes that belong to the API, notifications and upload hosts (requirements R7). The
// server never answers them with the console's index.html, and the dev server forwards them to the
// API.
export const apiPrefixes = [
  '/auth/',
  '/org/',
  '/sbm/',
  '/access/',
  '/notify',
  '/upload',
  '/dev/',
  '/health',
] as const

// A request's path and query as the console writes them, without the host: the client builds its
// URLs with it (api/urls.ts), and the server names a page's first requests with it exactly as the
// client will ask for them (first-requests.ts).

export type QueryValue = string | number | boolean | null | undefined

export const PROFILE_PATH = '/org/v1/users/me'
/**
 * POST `{ refresh_token }`: Logout ends the session on the server too (its refresh token and every
 * token rotated from it stop working) and journals it. 204 whatever the token, so it tells nothing.
 */
export const SIGN_OUT_PATH = '/auth/v1/token/revoke'
export const AUDIT_PATH = '/sbm/v1/devices/audit'
export const TRIAGE_PATH = '/sbm/v1/devices/triage'
export const JOURNAL_PATH = '/org/v1/journal'

/** Each list's CSV export: the list's own path and parameters, ending in export.csv. */
export const exportPaths = {
  organizations: '/org/v1/organizations/export.csv',
  users: '/org/v1/users/export.csv',
  locations: '/sbm/v1/locations/export.csv',
  devices: '/sbm/v1/devices/export.csv',
  credentials: '/access/v1/credentials/export.csv',
  audits: `${AUDIT_PATH}/export.csv`,
  journal: `${JOURNAL_PATH}/export.csv`,
} as const
export type ExportList = keyof typeof exportPaths

/** `path` with `query`'s set values in order, as `?key=value&…` (nothing when none is set). */
export function requestPath({
  path,
  query,
}: {
  path: string
  query?: Readonly<Record<string, QueryValue>>
}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value))
  }
  const search = params.size ? `?${params.toString()}` : ''
  return `${path}${search}`
}
