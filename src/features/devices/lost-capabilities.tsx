import { useI18nContext } from '../../../i18n/i18n-react'
import type { Capability } from '../../contract/devices'
import { Notice } from '../../ui/notice'
import * as styles from './devices.css'

/** What stops working without the capabilities the user cleared, one line each; nothing if none. */
export function LostCapabilities({ lost }: { lost: readonly Capability[] }) {
  const { LL } = useI18nContext()
  if (lost.length === 0) return null
  return (
    <Notice tone="warning">
      <p className={styles.lostIntro}>{LL.devices.lostIntro()}</p>
      <ul className={styles.lostList} data-testid="lost-capabilities">
        {lost.map((capability) => (
          <li key={capability}>{LL.devices.lost[capability]()}</li>
        ))}
      </ul>
    </Notice>
  )
}
