// URLs, apart from the transport: the entry builds the boot's first requests with these before the
// HTTP client's chunk has arrived (main.tsx, early-get.ts), and the client builds the same strings.

import { requestPath, type QueryValue } from '../contract/api-paths'

export type Host = 'api' | 'notify' | 'upload'

const env = import.meta.env as Record<string, string | undefined>

const hosts: Record<Host, string> = {
  api: env.VITE_API_HOST ?? '',
  notify: env.VITE_NOTIFY_HOST ?? env.VITE_API_HOST ?? '',
  upload: env.VITE_UPLOAD_HOST ?? env.VITE_API_HOST ?? '',
}

export function buildUrl({
  host = 'api',
  path,
  query,
}: {
  host?: Host
  path: string
  query?: Readonly<Record<string, QueryValue>>
}) {
  return `${hosts[host]}${requestPath({ path, query })}`
}
