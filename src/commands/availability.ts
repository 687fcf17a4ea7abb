import type { Can } from '../contract/permissions'
import type { Action, AppState, CommandContext, Message, Needs, Subject, Viewer } from './command'

/** Why something offered cannot run now; `blocked` is the action's own reason (your own account). */
export type DisabledCause = 'capability' | 'offline' | 'current' | 'blocked'

export type Availability =
  | { readonly state: 'absent' }
  | { readonly state: 'enabled' }
  | { readonly state: 'disabled'; readonly reason: Message; readonly cause: DisabledCause }

const absent: Availability = { state: 'absent' }
const enabled: Availability = { state: 'enabled' }
const lacksCapability: Availability = {
  state: 'disabled',
  reason: (LL) => LL.commands.reasons.capability(),
  cause: 'capability',
}
const offline: Availability = {
  state: 'disabled',
  reason: (LL) => LL.commands.reasons.offline(),
  cause: 'offline',
}
const current: Availability = {
  state: 'disabled',
  reason: (LL) => LL.commands.reasons.current(),
  cause: 'current',
}

function isCurrent(notWhen: Partial<AppState> | undefined, state: AppState | undefined): boolean {
  if (notWhen === undefined || state === undefined) return false
  return (Object.keys(notWhen) as (keyof AppState)[]).every((key) => notWhen[key] === state[key])
}

/** Grants every permission: for a check only the subject decides (a bulk run's dry run). */
export const anyone: Can = () => true

/**
 * Permissions decide whether a command exists for this user at all: one they may never use is
 * noise. Capability and connection decide whether it can run on this subject right now, and the
 * palette shows why not instead of hiding it, so a user is not left wondering where "Lock" went.
 * Capability comes before connection because going online would not help a lock without it.
 */
export function availability(
  needs: Needs,
  can: Can,
  subject?: Subject,
  state?: AppState,
): Availability {
  if (needs.anyOf !== undefined && needs.anyOf.length > 0 && !can(needs.anyOf)) return absent
  if (needs.capability !== undefined && !(subject?.capabilities ?? []).includes(needs.capability)) {
    return lacksCapability
  }
  if (needs.online === true && subject?.connected !== true) return offline
  if (isCurrent(needs.notWhen, state)) return current
  return enabled
}

/**
 * Whether `action` can run on `entity` for this user now: the one rule every caller reads (the
 * palette, a page's buttons, a row, the keys, a deep link and the host itself). Permissions, then
 * the subject's capability and connection, then the action's own reason (your own account).
 */
export function actionAvailability<E, Ctx extends CommandContext>(
  action: Action<E, Ctx>,
  entity: E,
  can: Can,
  viewer?: Viewer,
): Availability {
  if (action.applies?.(entity) === false) return absent
  const found = availability(action.needs, can, action.subject?.(entity))
  if (found.state !== 'enabled') return found
  const reason = action.blocked?.(entity, can, viewer)
  return reason ? { state: 'disabled', reason, cause: 'blocked' } : found
}
