import { useI18nContext } from '../../../i18n/i18n-react'
import type { Language } from '../../lib/language'
import * as styles from './settings-form.css'

export type ThemeChoice = 'light' | 'dark'

type SettingsFormProps = {
  theme: ThemeChoice
  onThemeChange: (theme: ThemeChoice) => void
  onLanguageChange: (language: Language) => void
}

/** Theme and language apply as soon as they are picked: nothing to save, nothing to lose. */
export function SettingsForm({ theme, onThemeChange, onLanguageChange }: SettingsFormProps) {
  const { LL, locale } = useI18nContext()
  const themes: [ThemeChoice, string][] = [
    ['light', LL.settings.light()],
    ['dark', LL.settings.dark()],
  ]
  // Language names are written in their own language, so they are the same in every locale.
  const languages: [Language, string][] = [
    ['en', LL.settings.english()],
    ['de', LL.settings.german()],
  ]
  return (
    <div className={styles.form}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{LL.settings.theme()}</legend>
        <div className={styles.options}>
          {themes.map(([value, label]) => (
            <label key={value} className={styles.option}>
              <input
                type="radio"
                name="theme"
                value={value}
                className={styles.radio}
                checked={theme === value}
                onChange={() => onThemeChange(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{LL.settings.language()}</legend>
        <div className={styles.options}>
          {languages.map(([value, label]) => (
            <label key={value} className={styles.option} lang={value}>
              <input
                type="radio"
                name="language"
                value={value}
                className={styles.radio}
                checked={locale === value}
                onChange={() => onLanguageChange(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
