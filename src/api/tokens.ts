import type { TokenPair } from '../contract/auth'
import { BOOT_TOKEN_COOKIE } from '../contract/boot-answers'
import { SIGNED_IN_HINT_COOKIE } from '../contract/boot-hint'
import { tokenClaims } from '../lib/token-claims'

// Tokens live in localStorage so every tab of the console shares one session: a refresh in one tab
// is picked up by the others, and a logout in one clears them all (the `storage` event).
export const ACCESS_TOKEN_KEY = 'access_token'
export const REFRESH_TOKEN_KEY = 'refresh_token'

export type TokenChange = 'stored' | 'cleared'

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames): the session then lasts one page view.
    return null
  }
}

const memory = new Map<string, string>()

function read(key: string): string | null {
  const store = storage()
  return store ? store.getItem(key) : (memory.get(key) ?? null)
}

function write(key: string, value: string | null) {
  const store = storage()
  if (value === null) {
    store?.removeItem(key)
    memory.delete(key)
  } else if (store) store.setItem(key, value)
  else memory.set(key, value)
}

export function getAccessToken(): string | null {
  return read(ACCESS_TOKEN_KEY)
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY)
}

/** The user id (`sub`) of the stored access token, unverified: a hint until /me answers. */
export function storedUserId(): number | null {
  const token = getAccessToken()
  const id = token === null ? Number.NaN : Number(tokenClaims(token)?.sub)
  return Number.isSafeInteger(id) ? id : null
}

export function hasStoredSession(): boolean {
  return getAccessToken() !== null || getRefreshToken() !== null
}

// As long as a refresh token lives (server/config.ts): the hint outlasting the session only costs a
// guest's first page some preloaded bytes, and the next boot clears it (syncBootCookies). The token's
// cookie lives as long as the token.
const BOOT_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60

/** Seconds until `token` expires by its payload's `exp`; the session's length when it has none. */
function lifetime(token: string): number {
  const exp = tokenClaims(token)?.exp
  return typeof exp === 'number'
    ? Math.max(0, Math.floor(exp - Date.now() / 1000))
    : BOOT_COOKIE_MAX_AGE_S
}

function writeCookie(name: string, value: string | null, age = BOOT_COOKIE_MAX_AGE_S) {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
  const maxAge = value === null ? 0 : age
  document.cookie = `${name}=${value ?? ''}; Path=/; SameSite=Strict; Max-Age=${maxAge}${secure}`
}

/**
 * The boot cookies, set while a session is stored and removed otherwise: the signed-in hint
 * (contract/boot-hint.ts) and the access token for the page request alone
 * (contract/boot-answers.ts). The refresh token never leaves storage.
 */
export function syncBootCookies() {
  if (typeof document === 'undefined') return
  writeCookie(SIGNED_IN_HINT_COOKIE, hasStoredSession() ? '1' : null)
  const token = getAccessToken()
  // The token's cookie ends with the token: an expired one would only make pages ask in vain.
  writeCookie(BOOT_TOKEN_COOKIE, token, token === null ? 0 : lifetime(token))
}

export function saveTokens(pair: Pick<TokenPair, 'access_token' | 'refresh_token'>) {
  write(REFRESH_TOKEN_KEY, pair.refresh_token)
  write(ACCESS_TOKEN_KEY, pair.access_token)
  syncBootCookies()
}

export function clearTokens() {
  write(ACCESS_TOKEN_KEY, null)
  write(REFRESH_TOKEN_KEY, null)
  syncBootCookies()
}

/** Changes made by OTHER tabs (the storage event never fires in the tab that wrote). */
export function subscribeOtherTabs(listener: (change: TokenChange) => void): () => void {
  if (typeof window === 'undefined') return () => {}
  const onStorage = (event: StorageEvent) => {
    // `key === null` means localStorage.clear() in another tab.
    if (event.key !== null && event.key !== ACCESS_TOKEN_KEY) return
    listener(event.newValue === null ? 'cleared' : 'stored')
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}
