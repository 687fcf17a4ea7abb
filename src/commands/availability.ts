import type { Can } from '../contract/permissions'
import type { AppState, Message, Needs, Subject } from './command'

export type Availability =
  | { readonly state: 'absent' }
  | { readonly state: 'enabled' }
  | { readonly state: 'disabled'; readonly reason: Message }

const absent: Availability = { state: 'absent' }
const enabled: Availability = { state: 'enabled' }
const lacksCapability: Availability = {
  state: 'disabled',
  reason: (LL) => LL.commands.reasons.capability(),
}
const offline: Availability = { state: 'disabled', reason: (LL) => LL.commands.reasons.offline() }
const current: Availability = { state: 'disabled', reason: (LL) => LL.commands.reasons.current() }

function isCurrent(notWhen: Partial<AppState> | undefined, state: AppState | undefined): boolean {
  if (notWhen === undefined || state === undefined) return false
  return (Object.keys(notWhen) as (keyof AppState)[]).every((key) => notWhen[key] === state[key])
}

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
