import { array, boolean, integer, min, nullable, object, string, type Infer } from './struct'
import { Id, IsoDateTime } from './fields'

// The leaver (issue 66, decision 074): one action takes a person's access away and answers what
// still works; within ten minutes it can be undone.

/** POST: offboard the user; GET: the latest offboarding's report (404 when never offboarded). */
export const offboardPath = (userId: number) => `/access/v1/users/${userId}/offboard`
/** POST: undo the latest offboarding, within `OFFBOARD_UNDO_MINUTES` of it. */
export const offboardUndoPath = (userId: number) => `/access/v1/users/${userId}/offboard/undo`

/** How long after an offboarding "Undo" is still allowed. */
export const OFFBOARD_UNDO_MINUTES = 10

/**
 * An offline code the person still holds: made by the lock's own algorithm, it works at that lock
 * until its end whatever the server says, unless the lock's offline key is rotated.
 */
export const RemainingCode = object({
  credential_id: Id,
  device_id: Id,
  device_name: string(),
  ends_at: IsoDateTime,
  /** The zone of the lock's place, in which its end is shown. */
  time_zone: string(),
})
export type RemainingCode = Infer<typeof RemainingCode>

/** A lock that must drop the person's credentials and has not been reached yet. */
export const UnreachedLock = object({ device_id: Id, device_name: string() })
export type UnreachedLock = Infer<typeof UnreachedLock>

const Count = min(integer(), 0)

/** What an offboarding did and what remains. */
export const OffboardReport = object({
  offboarding_id: Id,
  user_id: Id,
  user_email: string(),
  at: IsoDateTime,
  /** "Undo" is allowed until this moment, unless `undone_at` is set. */
  undo_until: IsoDateTime,
  undone_at: nullable(IsoDateTime),
  credentials_ended: Count,
  memberships_ended: Count,
  sessions_ended: Count,
  offline_codes: array(RemainingCode),
  unreached_locks: array(UnreachedLock),
  /** Whether the caller may still undo it now (the window is open and it is not undone). */
  undoable: boolean(),
})
export type OffboardReport = Infer<typeof OffboardReport>
