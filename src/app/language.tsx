import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react'
import TypesafeI18n, { useI18nContext } from '../../i18n/i18n-react'
import { loadLocaleAsync } from '../../i18n/i18n-util.async'
import core from '../../i18n/en/core'
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

// English is the base locale; its core is bundled with the entry and the areas' part arrives with
// the signed-in shell (useEnglishPart), which keeps /login inside its budget. German loads on
// demand, whole (the generated sync loader would bundle every locale into the /login chunk).
loadedLocales.en = core as Translations
loadedFormatters.en = initFormatters('en')

/**
 * Adds a part of the English dictionary that a lazy chunk brought (i18n/en/areas.ts) and rebuilds
 * the translation object once; false until then, so the caller renders nothing with missing words.
 */
export function useEnglishPart(part: Readonly<Record<string, unknown>>): boolean {
  const { LL, locale, setLocale } = useI18nContext()
  const [first] = Object.keys(part)
  const ready = first === undefined || first in LL
  useLayoutEffect(() => {
    loadedLocales.en = { ...loadedLocales.en, ...part }
    if (!ready) setLocale(locale)
  }, [part, ready, locale, setLocale])
  return ready
}

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
