import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { doorAttentionOptions } from '../../api/door-modes'
import { pathTo } from '../../contract/pages'
import * as styles from './needs-attention.css'
import type { WalkItem } from './walk-list'

/**
 * What needs attention about door modes (GET /sbm/v1/doors/attention): the doors an override
 * unlocks now and the locks a change did not reach, each leading to the door's location, where
 * picking the door shows why.
 */
export function useDoorAttention() {
  const { LL, locale } = useI18nContext()
  const exact = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    [locale],
  )
  const { data, isError, refetch } = useQuery(doorAttentionOptions)
  const at = (iso: string) => exact.format(Date.parse(iso))
  const overridden = (data?.overridden ?? []).map((door): WalkItem => ({
    key: `override-${door.door_id}`,
    href: pathTo('locations-view', { id: door.location_id }),
    content: (
      <>
        <span className={styles.name}>{door.door_name}</span>
        <span className={styles.detail}>
          {door.until === null
            ? LL.doorModes.attentionOpen({
                location: door.location_name,
                reason: door.reason,
                email: door.by_email,
              })
            : LL.doorModes.attentionUntil({
                location: door.location_name,
                until: at(door.until),
                reason: door.reason,
                email: door.by_email,
              })}
        </span>
      </>
    ),
  }))
  const notReached = (data?.not_reached ?? []).map((lock): WalkItem => ({
    key: `lock-${lock.device_id}`,
    // A lock on no door keeps its own mode (decision 072): its page shows it.
    href:
      lock.door_name === null
        ? pathTo('devices-view', { id: lock.device_id })
        : pathTo('locations-view', { id: lock.location_id }),
    content: (
      <>
        <span className={styles.name}>{lock.device_name}</span>
        <span className={styles.detail}>
          {lock.door_name === null
            ? LL.doorModes.attentionOwnBoundary({
                mode: LL.doorModes.state[lock.mode](),
                at: at(lock.boundary),
              })
            : LL.doorModes.attentionBoundary({
                door: lock.door_name,
                mode: LL.doorModes.state[lock.mode](),
                at: at(lock.boundary),
              })}
        </span>
      </>
    ),
  }))
  return { overridden, notReached, failed: isError, retry: () => void refetch() }
}
