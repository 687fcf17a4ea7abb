import type { ReactNode } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { LockHolding, OfflineCode } from '../contract/lock-sync'
import { codeLineText } from '../lib/code-text'
import * as styles from './holdings-list.css'

// A credential's states on its locks, or a lock's credentials, and the offline codes still valid
// (decision 073): one list each, the state as words and a chip.

/** What is said beside a state: why it failed, what waits, that the lock is not connected. */
function stateNote(LL: TranslationFunctions, holding: LockHolding): string | null {
  if (holding.state === 'failed' && holding.reason !== null)
    return LL.lockSync.failedWhy({ reason: LL.lockSync.failures[holding.reason]() })
  if (holding.state === 'on_lock' || holding.state === 'removed') return null
  if (!holding.connected) return LL.lockSync.offline()
  return holding.queued > 0 ? LL.lockSync.queued({ count: holding.queued }) : null
}

export function HoldingsList({
  label,
  holdings,
  nameOf,
}: {
  /** The list's accessible name. */
  label: string
  holdings: readonly LockHolding[]
  /** What names a row: the lock on a credential's page, the person on a lock's. */
  nameOf: (holding: LockHolding) => ReactNode
}) {
  const { LL } = useI18nContext()
  return (
    <ul className={styles.list} aria-label={label} data-testid="lock-holdings">
      {holdings.map((holding) => {
        const note = stateNote(LL, holding)
        return (
          <li
            key={`${holding.credential_id}-${holding.device_id}`}
            className={styles.row}
            data-state={holding.state}
          >
            <span className={styles.name}>{nameOf(holding)}</span>
            <span className={styles.state[holding.state]}>
              {LL.lockSync.states[holding.state]()}
            </span>
            {note === null ? null : <span className={styles.note}>{note}</span>}
          </li>
        )
      })}
    </ul>
  )
}

export function CodesList({
  codes,
  action,
}: {
  codes: readonly OfflineCode[]
  /** A button beside each code (Reissue). */
  action?: (code: OfflineCode) => ReactNode
}) {
  const { LL } = useI18nContext()
  return (
    <ul className={styles.list} aria-label={LL.lockSync.codesTitle()} data-testid="offline-codes">
      {codes.map((code) => (
        <li key={code.code_id} className={styles.row}>
          <span>{codeLineText(LL, code)}</span>
          {code.withdrawing ? (
            <span className={styles.note}>{LL.lockSync.withdrawing()}</span>
          ) : (
            action?.(code)
          )}
        </li>
      ))}
    </ul>
  )
}
