import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import { I18nContext, useI18nContext } from '../../i18n/i18n-react'
import { loadLocaleAsync } from '../../i18n/i18n-util.async'
import core from '../../i18n/en/core'
import { initFormatters } from '../../i18n/formatters'
import type { Translations, TranslationFunctions } from '../../i18n/i18n-types'
import { loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import { detectLanguage, LANGUAGE_STORAGE_KEY, toLanguage, type Language } from '../lib/language'
import { translationObject } from '../lib/translation-object'

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
// the signed-in shell (addEnglishPart), which keeps /login inside its budget. German loads on
// demand, whole (the generated sync loader would bundle every locale into the /login chunk).
loadedLocales.en = core as Translations
loadedFormatters.en = initFormatters('en')

let partsAdded = 0
const partListeners = new Set<() => void>()

/**
 * Adds a part of the English dictionary that a lazy chunk brought (i18n/en/areas.ts), called when
 * that chunk's module runs: the bridge below rebuilds the translation object in the same update
 * that reveals the chunk's components, so they never render with missing words.
 */
export function addEnglishPart(part: Readonly<Record<string, unknown>>) {
  loadedLocales.en = { ...loadedLocales.en, ...part }
  partsAdded += 1
  for (const listener of partListeners) listener()
}

/** True once the translation object has the words of `part` (see addEnglishPart). */
export function useEnglishPart(part: Readonly<Record<string, unknown>>): boolean {
  const { LL } = useI18nContext()
  const [first] = Object.keys(part)
  return first === undefined || first in LL
}

const translations = (language: Language) =>
  translationObject<TranslationFunctions>(
    language,
    loadedLocales[language],
    loadedFormatters[language],
  )

/**
 * typesafe-i18n's React provider, with a translation object that builds each of its nodes once
 * (lib/translation-object.ts) instead of on every read. Same context, same `setLocale`.
 */
function TranslationProvider({ locale, children }: { locale: Language; children: ReactNode }) {
  const [state, setState] = useState(() => ({ locale, LL: translations(locale) }))
  const setLocale = useCallback((next: Language) => {
    setState({ locale: next, LL: translations(next) })
  }, [])
  const value = useMemo(() => ({ ...state, setLocale }), [state, setLocale])
  return <I18nContext value={value}>{children}</I18nContext>
}

function LanguageBridge({ children }: { children: ReactNode }) {
  const { locale, setLocale } = useI18nContext()
  useEffect(() => {
    let seen = 0
    const rebuild = () => {
      if (seen === partsAdded) return
      seen = partsAdded
      setLocale(locale)
    }
    partListeners.add(rebuild)
    rebuild()
    return () => {
      partListeners.delete(rebuild)
    }
  }, [locale, setLocale])
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

  // The provider reads `locale` once; later switches go through its setLocale.
  if (!ready) return null
  return (
    <TranslationProvider locale={initial}>
      <LanguageBridge>{children}</LanguageBridge>
    </TranslationProvider>
  )
}
