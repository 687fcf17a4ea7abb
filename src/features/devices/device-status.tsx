import { useI18nContext } from '../../../i18n/i18n-react'
import type { Capability } from '../../contract/devices'
import { scoreLevel } from '../../lib/score-level'
import * as styles from './devices.css'

/**
 * Battery as a percentage bar coloured by the score levels (requirements R4.12); mains-powered
 * devices say so.
 */
export function BatteryBar({ level }: { level: number | null }) {
  const { LL } = useI18nContext()
  if (level === null) return <span>{LL.devices.mains()}</span>
  return (
    <span className={styles.battery} data-level={scoreLevel(level)}>
      <span className={styles.batteryTrack} aria-hidden="true">
        <span
          className={`${styles.batteryFill[scoreLevel(level)]} ${styles.batteryWidth[level]}`}
        />
      </span>
      <span>{LL.devices.batteryLevel({ level })}</span>
    </span>
  )
}

export function ConnectionText({ connected }: { connected: boolean }) {
  const { LL } = useI18nContext()
  return (
    <span className={connected ? styles.connection.connected : styles.connection.notConnected}>
      {connected ? LL.devices.connected() : LL.devices.notConnected()}
    </span>
  )
}

export function CapabilityList({ capabilities }: { capabilities: readonly Capability[] }) {
  const { LL } = useI18nContext()
  if (capabilities.length === 0) return <span>{LL.devices.noCapabilities()}</span>
  return (
    <ul className={styles.capabilityList}>
      {capabilities.map((capability) => (
        <li key={capability} className={styles.chip}>
          {LL.devices.capability[capability]()}
        </li>
      ))}
    </ul>
  )
}
