import { getAccessToken } from './tokens'

type Early = { token: string; at: number; response: Promise<Response> }

// An early answer older than this is not handed out: the screen asked too late for it to be fresh.
const MAX_AGE_MS = 5_000
const started = new Map<string, Early>()

/**
 * Starts GET `url` now with the stored access token, so a deep link's first data travels beside the
 * profile request instead of after it (main.tsx, a route's `prefetch`). The client's first GET of
 * exactly this URL with the same token takes the response; a 401 then refreshes and retries as
 * any other request does.
 */
export function startEarlyGet(url: string) {
  const token = getAccessToken()
  if (token === null || started.has(url)) return
  const response = fetch(url, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  })
  // A failure surfaces when the client takes the response; nobody taking it is not an error.
  response.catch(() => undefined)
  started.set(url, { token, at: Date.now(), response })
}

/** The early response for `url` sent with `token`, once; null when there is none (or it is stale). */
export function takeEarlyGet(url: string, token: string | null): Promise<Response> | null {
  const early = started.get(url)
  if (early === undefined) return null
  started.delete(url)
  return early.token === token && Date.now() - early.at <= MAX_AGE_MS ? early.response : null
}
