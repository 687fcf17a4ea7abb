import { useId } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { useRunCommand } from '../../commands/use-command'
import type { Language } from '../../lib/language'
import { useSingleKeys } from '../../ui/single-keys'
import * as styles from './settings-form.css'

export type ThemeChoice = 'light' | 'dark'

/**
 * Theme, language and single-key shortcuts apply as soon as they are picked: nothing to save,
 * nothing to lose. A choice runs the registry's command (`theme.dark`, `language.de`,
 * `single-keys.off` …), the same one the palette runs; the radios keep their value names because
 * a choice in a group is named by its value.
 */
export function SettingsForm({ theme }: { theme: ThemeChoice }) {
  const singleKeys = useSingleKeys()
  const hintId = useId()
  const { LL, locale } = useI18nContext()
  const run = useRunCommand()
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
                onChange={() => run(`theme.${value}`)}
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
                onChange={() => run(`language.${value}`)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.group} aria-describedby={hintId}>
        <legend className={styles.legend}>{LL.settings.singleKeys()}</legend>
        <p id={hintId} className={styles.hint}>
          {LL.settings.singleKeysHint()}
        </p>
        <div className={styles.options}>
          {(['on', 'off'] as const).map((value) => (
            <label key={value} className={styles.option}>
              <input
                type="radio"
                name="single-keys"
                value={value}
                className={styles.radio}
                checked={singleKeys === (value === 'on')}
                onChange={() => run(`single-keys.${value}`)}
              />
              {value === 'on' ? LL.settings.on() : LL.settings.off()}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  )
}
