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

/**
 * The block's JSON: `for`, the mark of the token the answers were fetched with (tokenMark), and
 * `answers`, each request's path and query (api-paths.ts) → its answer's body text.
 */
export interface BootAnswers {
  for: string
  answers: Record<string, string>
}

/**
 * The end of a token's signature, unique to the token: the client takes the answers only when the
 * token it has stored now bears the same mark (another tab may have signed in as someone else
 * since the page was asked for).
 */
export function tokenMark(token: string): string {
  return token.slice(-16)
}

/** True when `value` has the block's shape. */
export function isBootAnswers(value: unknown): value is BootAnswers {
  if (typeof value !== 'object' || value === null) return false
  const { for: mark, answers } = value as Record<string, unknown>
  return (
    typeof mark === 'string' &&
    typeof answers === 'object' &&
    answers !== null &&
    !Array.isArray(answers) &&
    Object.values(answers).every((text) => typeof text === 'string')
  )
}
