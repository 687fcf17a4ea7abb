export const languages = ['en', 'de'] as const
export type Language = (typeof languages)[number]

export const LANGUAGE_STORAGE_KEY = 'lng'

// Anything with markup, quotes, brackets, protocol handlers or entity escapes is not a language tag
// and is discarded before it can reach the page or storage (requirements R5.3).
const SCRIPT_LIKE = /[<>"'`;(){}[\]\\=&%]|script|javascript:|data:|on\w+\s*=/i

export function looksLikeScript(value: string): boolean {
  return SCRIPT_LIKE.test(value)
}

/** "de…" is German, any other sane value English; script-looking or empty values yield null. */
export function toLanguage(value: string | null | undefined): Language | null {
  if (value == null) return null
  const trimmed = value.trim()
  if (trimmed === '' || trimmed.length > 35 || looksLikeScript(trimmed)) return null
  return trimmed.toLowerCase().startsWith('de') ? 'de' : 'en'
}

type DetectionInput = {
  query: string | null
  saved: string | null
  browser: readonly string[]
}

/**
 * Requirements R9.5 order: `lng` query parameter, saved choice, browser language; fallback English.
 */
export function detectLanguage({ query, saved, browser }: DetectionInput): Language {
  return toLanguage(query) ?? toLanguage(saved) ?? toLanguage(browser[0]) ?? 'en'
}
