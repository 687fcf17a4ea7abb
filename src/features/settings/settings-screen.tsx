import { useI18nContext } from '../../../i18n/i18n-react'
import { useThemeMode } from '../../ui/theme-store'
import { Page } from '../../ui/page'
import { MfaPolicySection } from './mfa-policy-section'
import { SettingsForm } from './settings-form'
import * as styles from './settings-screen.css'

/** /settings: the same choices as the Settings dialog, as a page one can link to. */
export function SettingsScreen() {
  const { LL } = useI18nContext()
  const theme = useThemeMode()
  return (
    <Page className={styles.card} title={LL.settings.title()} intro={LL.settings.description()}>
      <SettingsForm theme={theme} />
      <MfaPolicySection />
    </Page>
  )
}
