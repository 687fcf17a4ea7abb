import { useI18nContext } from '../../../i18n/i18n-react'
import { useThemeMode } from '../../ui/theme-store'
import { SettingsForm } from './settings-form'
import * as styles from './settings-screen.css'

/** /settings: the same choices as the Settings dialog, as a page one can link to. */
export function SettingsScreen() {
  const { LL } = useI18nContext()
  const theme = useThemeMode()
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{LL.settings.title()}</h1>
      <p className={styles.description}>{LL.settings.description()}</p>
      <SettingsForm theme={theme} />
    </section>
  )
}
