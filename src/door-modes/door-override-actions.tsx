import { useI18nContext } from '../../i18n/i18n-react'
import type { Action, CommandContext } from '../commands/command'
import { actionAvailability } from '../commands/availability'
import type { ModeRef } from '../contract/door-modes'
import { needs } from '../contract/permissions'
import { useSession } from '../session/session-context'
import { Button } from '../ui/button'
import { usePerform } from '../actions/action-host'
import { DoorOverrideDialog } from './door-override-dialog'
import * as styles from './door-override.css'
import { EndOverrideDialog } from './end-override-dialog'

// A door's overrides as actions (decisions 063, 069): the palette's verbs on a door ("unlock
// until loading dock"), and the buttons wherever a door is shown (its lock's page, the location's
// door), all through the host, which opens their dialogs. They need what an unlock needs; a
// lockdown's refusal of an unlock override is the server's (409), shown in its words.

const overrideNeeds = { anyOf: needs('devices', 'update') }

export const doorOverrideActions: readonly Action<ModeRef, CommandContext>[] = [
  {
    id: 'door.unlock-until',
    label: (LL) => LL.doorOverride.unlockUntil(),
    needs: overrideNeeds,
    dialog: ({ entity, onClose }) => (
      <DoorOverrideDialog door={entity} mode="unlocked" onClose={onClose} />
    ),
    run: () => undefined,
  },
  {
    id: 'door.keep-locked-until',
    label: (LL) => LL.doorOverride.keepLockedUntil(),
    needs: overrideNeeds,
    dialog: ({ entity, onClose }) => (
      <DoorOverrideDialog door={entity} mode="locked" onClose={onClose} />
    ),
    run: () => undefined,
  },
  {
    id: 'door.end-override',
    label: (LL) => LL.doorOverride.endOverride(),
    needs: overrideNeeds,
    dialog: ({ entity, onClose }) => <EndOverrideDialog door={entity} onClose={onClose} />,
    run: () => undefined,
  },
]

/**
 * The override buttons of one door, for any screen that shows the door (a lock's page, the
 * location's door, the door's mode panel): each reads its action and runs it through the host.
 */
export function DoorOverrideButtons({ door }: { door: ModeRef }) {
  const { LL } = useI18nContext()
  const { can, user } = useSession()
  const perform = usePerform()
  const shown = doorOverrideActions
    .map((action) => ({
      action,
      found: actionAvailability(action, door, can, { userId: user?.user_id ?? 0 }),
    }))
    .filter(({ found }) => found.state !== 'absent')
  if (shown.length === 0) return null
  return (
    <div
      role="group"
      aria-label={LL.doorOverride.buttons({ door: door.name })}
      className={styles.buttons}
    >
      {shown.map(({ action, found }) => (
        <Button
          key={action.id}
          tone="secondary"
          disabled={found.state === 'disabled'}
          title={found.state === 'disabled' ? found.reason(LL) : undefined}
          onClick={() => perform(action, door)}
        >
          {action.label(LL)}
        </Button>
      ))}
    </div>
  )
}
