/**
 * A signed-in page load with its first answers inside (docs/decisions/024-answers-in-the-page.md).
 * The console mirrors the stored access token into BOOT_TOKEN_COOKIE (api/tokens.ts). When the
 * browser sends it with a page request, the reference server runs the boot's first requests
 * (first-requests.ts) through its own API with that token as the bearer, exactly as the
 * browser would, and writes the 200 answers into the page as a JSON data block. The client takes
 * them as answers that have already arrived (api/early-get.ts). The cookie authorises nothing
 * else: every API call is still authorised by its bearer header alone.
 */
export const BOOT_TOKEN_COOKIE = 'console_boot_token'

/** The id of the page's `<script type="application/json">` block. */
export const BOOT_ANSWERS_ID = 'boot-answers'

/** The block's JSON: each request's path and query (api-paths.ts) → its answer's body text. */
export type BootAnswers = Record<string, string>

/** True when `value` has the block's shape. */
export function isBootAnswers(value: unknown): value is BootAnswers {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  )
}

/** The value of cookie `name` in a `Cookie` header or `document.cookie`; null when absent. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return null
}
