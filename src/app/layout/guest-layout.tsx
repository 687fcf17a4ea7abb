import type { ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { Icon } from '../../ui/icon'
import { ToastRegion } from '../../ui/notice'
import * as styles from './shell.css'

export function GuestLayout({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext()
  return (
    <main className={styles.guest}>
      <div className={styles.guestCard}>
        <div className={styles.brand}>
          <Icon name="lock" size={24} />
          <span>{LL.common.appName()}</span>
        </div>
        {children}
      </div>
      <ToastRegion />
    </main>
  )
}
