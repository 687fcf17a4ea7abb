/**
 * The second e2e server (playwright.config.ts) issues short-lived access tokens, so the expiry
 * tests (session-expiry.spec.ts) see real 401s and refreshes without waiting 15 minutes. Short, but
 * longer than a loaded 2-core machine takes from a refresh to the last retried request of three
 * tabs: at 2 s those retries could arrive after the new token had expired too.
 */
export const EXPIRY_TOKEN_TTL_S = 5

/** The expiry server listens on the main e2e port + 1. */
export const expiryPort = (mainPort: number) => mainPort + 1
