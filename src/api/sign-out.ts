import { SIGN_OUT_PATH } from '../contract/api-paths'
import { getRefreshToken } from './tokens'
import { buildUrl } from './urls'

/**
 * Logout tells the server, so the refresh token in this browser stops working everywhere and the
 * journal records it. Best effort: the page may be leaving (keepalive), and the local sign-out
 * never waits for the answer or depends on it.
 */
export function endSessionOnServer(): void {
  const refresh = getRefreshToken()
  if (refresh === null) return
  void fetch(buildUrl({ path: SIGN_OUT_PATH }), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refresh_token: refresh }),
    keepalive: true,
  }).catch(() => undefined)
}
