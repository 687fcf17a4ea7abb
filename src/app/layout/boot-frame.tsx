import { useI18nContext } from '../../../i18n/i18n-react'
import { LoadingBar } from '../../ui/loading'
import { PageHeader } from '../../ui/page'
import * as pageStyles from '../../ui/page.css'
import type { AppRoute } from '../routes'
import * as styles from './shell.css'

/**
 * What a signed-in reload paints while the profile and the shell's code arrive: the product's name
 * in a band as tall as the top bar, under the loading bar, the sidebar's column on a wide screen,
 * and the route's heading where the screen will show it when it is fixed words (`heading` in
 * routes.ts). It is drawn by the entry, so the page is not blank, and says where it is, for the
 * seconds a slow phone spends on the rest.
 */
export function BootFrame({ route }: { route: AppRoute | undefined }) {
  const { LL } = useI18nContext()
  const heading = route?.heading?.(LL)
  return (
    <div className={styles.shell}>
      <div className={styles.bootSidebar}>
        <div className={styles.bootBand}>{LL.common.appName()}</div>
      </div>
      <div className={styles.column}>
        <div className={styles.bootBand}>
          <span className={styles.bootBandName}>{LL.common.appName()}</span>
        </div>
        <LoadingBar label={LL.shell.loadingScreen()} />
        {heading ? (
          <div className={styles.main}>
            <div className={pageStyles.page}>
              <PageHeader title={heading.title} intro={heading.intro} />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  )
}
