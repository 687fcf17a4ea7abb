import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import TypesafeI18n, { useI18nContext } from '../../i18n/i18n-react'
import { loadLocaleAsync } from '../../i18n/i18n-util.async'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { Translations } from '../../i18n/i18n-types'
import { loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import { detectLanguage, LANGUAGE_STORAGE_KEY, toLanguage, type Language } from '../lib/language'

function readSaved(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY)
  } catch {
    return null
  }
}

function save(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Without storage the choice lasts for this page view only.
  }
}

/** Detects once at start; a valid `?lng=` becomes the saved choice, like a click in Settings. */
export function initialLanguage(): Language {
  const query = new URLSearchParams(window.location.search).get('lng')
  const language = detectLanguage({ query, saved: readSaved(), browser: navigator.languages ?? [] })
  if (toLanguage(query) !== null) save(language)
  return language
}

const SetLanguageContext = createContext<(language: Language) => Promise<void>>(() =>
  Promise.resolve(),
)

export function useSetLanguage() {
  return useContext(SetLanguageContext)
}

// English is the base locale and bundled with the entry; German loads on demand (the generated
// sync loader would bundle every locale into the /login chunk).
loadedLocales.en = en as Translations
loadedFormatters.en = initFormatters('en')

function LanguageBridge({ children }: { children: ReactNode }) {
  const { locale, setLocale } = useI18nContext()
  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])
  const setLanguage = useCallback(
    async (next: Language) => {
      await loadLocaleAsync(next)
      save(next)
      setLocale(next)
    },
    [setLocale],
  )
  return <SetLanguageContext value={setLanguage}>{children}</SetLanguageContext>
}

export function LanguageProvider({
  initial,
  children,
}: {
  initial: Language
  children: ReactNode
}) {
  const [ready, setReady] = useState(initial === 'en')

  useEffect(() => {
    if (ready) return
    let live = true
    void loadLocaleAsync(initial).then(() => {
      if (live) setReady(true)
    })
    return () => {
      live = false
    }
  }, [initial, ready])

  // The typesafe-i18n provider reads `locale` once; later switches go through its setLocale.
  if (!ready) return null
  return (
    <TypesafeI18n locale={initial}>
      <LanguageBridge>{children}</LanguageBridge>
    </TypesafeI18n>
  )
}
