/**
 * The second e2e server (playwright.config.ts) issues short-lived access tokens, so the expiry
 * tests (session-expiry.spec.ts) see real 401s and refreshes without waiting 15 minutes. Short, but
 * longer than a loaded 2-core machine takes from a refresh to the last retried request of three
 * tabs: at 2 s those retries could arrive after the new token had expired too.
 */
export const EXPIRY_TOKEN_TTL_S = 5

/** The expiry server listens on the main e2e port + 1. */
export const expiryPort = (mainPort: number) => mainPort + 1

/**
 * The third e2e server is the users import's own (users-import.spec.ts): an import of 1,000 users
 * holds the embedded database's one connection for seconds at a time and leaves a thousand more
 * users in every list, which other specs running beside it on a shared server felt (timeouts, a
 * users list whose first rows were no longer the seed's). It listens on the main port + 2.
 */
export const importPort = (mainPort: number) => mainPort + 2

/**
 * The fourth e2e server is for the specs that move the server's clock (POST /dev/clock, decision
 * 065): every access decision on it follows the clock, so "who can open it now" on a shared server
 * would answer for December 2027 to the specs running beside. It listens on the main port + 3.
 */
export const clockPort = (mainPort: number) => mainPort + 3
