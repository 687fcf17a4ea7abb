/**
 * A hint, not a credential: the console keeps this cookie while tokens are stored (api/tokens.ts),
 * and the server then answers a page load with SIGNED_IN_HTML, the same page with the signed-in
 * boot's chunks preloaded beside the entry instead of after it (server/http/static.ts,
 * scripts/signed-in-html.ts). It grants nothing: the tokens stay in localStorage and every API
 * call is authorised by its bearer token alone (docs/decisions/013).
 */
export const SIGNED_IN_HINT_COOKIE = 'console_signed_in'
export const SIGNED_IN_HTML = 'index.signed-in.html'
