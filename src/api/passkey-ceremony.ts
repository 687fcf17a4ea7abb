import type { WebAuthnJson } from '../contract/mfa'

// The browser's side of a passkey (WebAuthn) through @simplewebauthn/browser, the same major
// version as the server's @simplewebauthn/server. Loaded on first use: /login's script budget has
// no room for it (docs/benchmarks.md).

const load = () => import('@simplewebauthn/browser')

/** Asks the browser for an assertion to the server's options; rejects when the person cancels. */
export async function passkeyAssertion(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startAuthentication } = await load()
  // The server made the options with @simplewebauthn/server; the contract passes them through.
  const optionsJSON = options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON']
  return (await startAuthentication({ optionsJSON })) as unknown as WebAuthnJson
}

/** Asks the browser to create a passkey for the server's registration options. */
export async function passkeyCreation(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startRegistration } = await load()
  const optionsJSON = options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON']
  return (await startRegistration({ optionsJSON })) as unknown as WebAuthnJson
}

/** The browser refused or the person cancelled the ceremony (not an answer of the server). */
export function isCeremonyRefusal(error: unknown): boolean {
  return error instanceof Error && error.name !== 'ApiError'
}
