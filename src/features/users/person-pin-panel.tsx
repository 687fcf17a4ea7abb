import { useQuery } from '@tanstack/react-query'
import { useId, useMemo, type ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { personPinState } from '../../api/access'
import type { User } from '../../contract/users'
import { LoadFailed } from '../../ui/load-failed'
import type { UserActionName } from './user-actions'
import * as styles from './users.css'

interface PersonPinPanelProps {
  user: User
  /** The page's button for an action, as its other actions have them (disabled with a reason). */
  actionButton: (action: UserActionName, label: string) => ReactNode
}

/**
 * "Personal PIN": whether the person has one, how many digits and when it changed (never the PIN
 * itself, which the server keeps only as a digest), with Make or Change, and Remove, for those
 * who may edit the person. Whoever may read the person may read this.
 */
export function PersonPinPanel({ user, actionButton }: PersonPinPanelProps) {
  const { LL, locale } = useI18nContext()
  const headingId = useId()
  const date = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const state = useQuery(personPinState(user.user_id))
  const pin = state.data
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="person-pin">
      <h2 id={headingId} className={styles.sectionTitle}>
        {LL.personPin.title()}
      </h2>
      {state.isError ? (
        <LoadFailed error={state.error} onRetry={() => void state.refetch()} />
      ) : !pin ? (
        <p className={styles.reason}>{LL.common.loading()}</p>
      ) : (
        <>
          <p>
            {!pin.has_pin
              ? LL.personPin.none()
              : pin.changed_at === null
                ? LL.personPin.hasNoDate({ digits: pin.digits ?? 0 })
                : LL.personPin.has({
                    digits: pin.digits ?? 0,
                    when: date.format(Date.parse(pin.changed_at)),
                  })}
          </p>
          <div className={styles.actionRow}>
            {actionButton('pin', pin.has_pin ? LL.personPin.change() : LL.personPin.make())}
            {pin.has_pin ? actionButton('pin-remove', LL.personPin.remove()) : null}
          </div>
        </>
      )}
    </section>
  )
}
