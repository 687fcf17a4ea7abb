import { useI18nContext } from '../../../i18n/i18n-react'
import { LoadingBar } from '../../ui/loading'
import * as styles from './shell.css'

/**
 * What a signed-in reload paints while the profile and the shell's code arrive: the product's name
 * in a band as tall as the top bar, under the loading bar. It is drawn by the entry, so the page is
 * not blank for the seconds a slow phone spends on the rest.
 */
export function BootFrame() {
  const { LL } = useI18nContext()
  return (
    <div className={styles.shell}>
      <div className={styles.column}>
        <div className={styles.bootBand}>{LL.common.appName()}</div>
        <LoadingBar label={LL.shell.loadingScreen()} />
      </div>
    </div>
  )
}
