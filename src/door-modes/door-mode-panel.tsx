import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../i18n/i18n-react'
import { usePerform } from '../actions/action-host'
import { ApiError } from '../api/api-error'
import { doorModeSettingOptions, doorTimelineOptions } from '../api/door-modes'
import type { ModeRef, ModeTimeline } from '../contract/door-modes'
import { needs } from '../contract/permissions'
import { useSession } from '../session/session-context'
import { Button } from '../ui/button'
import { LoadFailed } from '../ui/load-failed'
import { removeUnlockScheduleAction, setUnlockScheduleAction } from './door-mode-actions'
import { DoorModeView } from './door-mode-view'
import { DoorOverrideButtons } from './door-override-actions'
import * as styles from './door-modes.css'

interface DoorModePanelProps {
  door: ModeRef
  /** Names of the door's locks by device id, for the locks not reached. */
  lockNames?: ReadonlyMap<number, string>
}

/** A zone Intl does not know cannot be shown on the place's clock: a malformed answer. */
function knownZone(answer: ModeTimeline): ModeTimeline {
  try {
    new Intl.DateTimeFormat('en', { timeZone: answer.time_zone })
  } catch {
    throw new ApiError('PARSING_ERROR', `Unknown time zone ${answer.time_zone}`)
  }
  return answer
}

/**
 * A door's mode: why it is locked or unlocked now, its week, and the buttons of its unlock
 * schedule and its overrides (the lock's page, a door picked in its location's tree). Nothing for who may not read devices.
 */
export function DoorModePanel(props: DoorModePanelProps) {
  const { can } = useSession()
  return can(needs('devices', 'read')) ? <Panel {...props} /> : null
}

function Panel({ door, lockNames }: DoorModePanelProps) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const timeline = useQuery({ ...doorTimelineOptions(door), select: knownZone })
  const setting = useQuery(doorModeSettingOptions(door))
  const failed = timeline.error ?? setting.error
  if (failed !== null || timeline.data === undefined || setting.data === undefined)
    return (
      <section className={styles.section} aria-label={LL.doorModes.title({ name: door.name })}>
        {failed !== null ? (
          <LoadFailed
            error={failed}
            onRetry={() => {
              void timeline.refetch()
              void setting.refetch()
            }}
          />
        ) : (
          <p className={styles.muted}>{LL.common.loading()}</p>
        )}
      </section>
    )
  const actions = can(setUnlockScheduleAction.needs.anyOf ?? []) ? (
    <>
      <div className={styles.actions}>
        <Button tone="secondary" onClick={() => perform(setUnlockScheduleAction, door)}>
          {setUnlockScheduleAction.label(LL)}
        </Button>
        {setting.data === null ? null : (
          <Button tone="danger" onClick={() => perform(removeUnlockScheduleAction, door)}>
            {removeUnlockScheduleAction.label(LL)}
          </Button>
        )}
      </div>
      <DoorOverrideButtons door={door} />
    </>
  ) : null
  return (
    <DoorModeView
      name={door.name}
      timeline={timeline.data}
      setting={setting.data}
      lockNames={lockNames}
      actions={actions}
    />
  )
}
