import { useI18nContext } from '../../../i18n/i18n-react'
import { SettingsForm } from '../../features/settings/settings-form'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { useAppActions } from '../app-actions'
import { useThemeMode } from '../../ui/theme-store'
import { useUi } from '../ui-store'

export function SettingsDialog() {
  const { LL } = useI18nContext()
  const actions = useAppActions()
  const open = useUi((ui) => ui.settingsOpen)
  const theme = useThemeMode()
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? actions.openSettings() : actions.closeSettings())}
      title={LL.settings.title()}
      description={LL.settings.description()}
      footer={<Button onClick={actions.closeSettings}>{LL.common.close()}</Button>}
    >
      <SettingsForm theme={theme} />
    </Dialog>
  )
}
