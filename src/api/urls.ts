// URLs, apart from the transport: the entry builds the boot's first requests with these before the
// HTTP client's chunk has arrived (main.tsx, early-get.ts), and the client builds the same strings.

export type Host = 'api' | 'notify' | 'upload'

export type QueryValue = string | number | boolean | null | undefined

const env = import.meta.env as Record<string, string | undefined>

const hosts: Record<Host, string> = {
  api: env.VITE_API_HOST ?? '',
  notify: env.VITE_NOTIFY_HOST ?? env.VITE_API_HOST ?? '',
  upload: env.VITE_UPLOAD_HOST ?? env.VITE_API_HOST ?? '',
}

export const PROFILE_PATH = '/org/v1/users/me'
export const AUDIT_PATH = '/sbm/v1/devices/audit'
export const TRIAGE_PATH = '/sbm/v1/devices/triage'

export function buildUrl({
  host = 'api',
  path,
  query,
}: {
  host?: Host
  path: string
  query?: Readonly<Record<string, QueryValue>>
}) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value))
  }
  const search = params.size ? `?${params.toString()}` : ''
  return `${hosts[host]}${path}${search}`
}
