// The journal's kinds as plain lists, apart from the structs of journal.ts: a signed-in boot reads
// /journal's filters from its URL to ask for its first window (first-requests.ts) without loading
// superstruct.

/** What a journal row is about; a session row is about a user signing in or out. */
export const journalTargetTypes = [
  'organization',
  'user',
  'location',
  'floor',
  'room',
  'door',
  'device',
  'credential',
  'session',
  'lockdown',
] as const

/**
 * What happened. `device_command` is a command sent to a device and `create_pin` an offline PIN
 * written into a credential: both carry the device audit row's `audit_id`.
 */
export const journalActions = [
  'create',
  'update',
  'delete',
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_reset',
  'invite_sent',
  'upload',
  'device_command',
  'create_pin',
  // A lockdown's life (docs/lockdown.md): started, its release requested, approved or lapsed.
  'lockdown_start',
  'release_request',
  'release_approve',
  'release_lapse',
] as const

/**
 * What `about_type` + `about_id` widen a target to: a user with their credentials, a door with
 * the devices and credentials on it, a device with the credentials on it — now or at any time
 * the journal records (server/db/journal-about.ts).
 */
export const journalAboutTypes = ['user', 'door', 'device'] as const
export type JournalAboutType = (typeof journalAboutTypes)[number]
