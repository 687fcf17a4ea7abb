/**
 * The claims in a JWT's payload, read without verifying the signature: the console only takes
 * hints from them (a cookie's lifetime, whose theme to paint); the server checks every token.
 * Null when `token` is not a JWT with a JSON object as its payload.
 */
export function tokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1]
  if (payload === undefined) return null
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
