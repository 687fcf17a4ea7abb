import type { ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import * as styles from './shell.css'

export function GuestLayout({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <main className={styles.guest}>
      <div className={styles.guestCard}>
        <div className={styles.brand}>
          {/* Drawn inline: the icon set would add every path to the /login bundle. */}
          <svg
            width="24"
            height="24"
            viewBox="0 0 24 24"
            aria-hidden="true"
            className={styles.mark}
          >
            <path d="M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          <span>{LL.common.appName()}</span>
        </div>
        {children}
      </div>
    </main>
  )
}
