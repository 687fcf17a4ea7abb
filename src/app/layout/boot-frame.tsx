import { useEffect, useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { LoadingBar } from '../../ui/loading'
import { PageHeader } from '../../ui/page'
import * as pageStyles from '../../ui/page.css'
import type { AppRoute } from '../routes'
import * as styles from './shell.css'

/**
 * How long after the navigation began a load may take before it shows the boot frame. A load that
 * has its screen sooner (a reload with its answers in the page: about 100 ms here) goes from the
 * page before, which the browser keeps on screen, straight to the screen; painting the frame for
 * those few milliseconds cost the screen's first rows ≈ 7 % (decisions/025).
 */
export const BOOT_FRAME_DELAY_MS = 200

/** False until BOOT_FRAME_DELAY_MS after the navigation began (the page's time origin). */
function useBootFrameDue(): boolean {
  const [due, setDue] = useState(() => performance.now() >= BOOT_FRAME_DELAY_MS)
  useEffect(() => {
    if (due) return
    const timer = setTimeout(() => setDue(true), BOOT_FRAME_DELAY_MS - performance.now())
    return () => clearTimeout(timer)
  }, [due])
  return due
}

/**
 * What a signed-in load paints while the profile and the shell's code arrive, once it has taken
 * BOOT_FRAME_DELAY_MS: the product's name in a band as tall as the top bar, under the loading bar,
 * the sidebar's column on a wide screen, and the route's heading where the screen will show it
 * when it is fixed words (`heading` in routes.ts). It is drawn by the entry, so the page is not
 * blank, and says where it is, for the seconds a slow phone spends on the rest. After a sign-in
 * the delay is long past: the frame shows at once.
 */
export function BootFrame({ route }: { route: AppRoute | undefined }) {
  const { LL } = useI18nContext()
  const due = useBootFrameDue()
  if (!due) return null
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
