import { badField, conflict, taken, type HttpError } from './errors'

// The database enforces these rules (docs/invariants.md); a request that breaks one gets the same
// answer the handler would give: the rule's message at its field, never a 500.
const answers: Record<string, () => HttpError> = {
  devices_serial: () =>
    taken(
      'device_id_manufacturer',
      'manufacturer_id',
      'This manufacturer ID is already registered.',
    ),
  organization_clients_pkey: () => taken('client_ids', 'client', 'Client already exists!'),
  users_username: () => taken('username', 'username', 'This username is already taken.'),
  users_email: () => taken('email', 'email', 'This email is already taken.'),
  // A username taken as another account's e-mail, or the other way round (migration 003).
  sign_in_names_pkey: () =>
    taken('username', 'username', 'This username or e-mail is already taken.'),
  credentials_exclusive_window: () =>
    conflict('An exclusive credential overlaps this time window.', 'exclusive'),
  credentials_exclusive_shared: () =>
    conflict('An exclusive credential overlaps this time window.', 'exclusive'),
  credentials_window_order: () =>
    badField('end_datetime', 'The end must be after the start.', 'end_before_start'),
  // Who may enter, when (migration 023): names unique in an organization, letter case ignored.
  access_groups_name: () => taken('name', 'group', 'A group with this name already exists.'),
  schedules_name: () => taken('name', 'schedule', 'A schedule with this name already exists.'),
  calendars_name: () => taken('name', 'calendar', 'A calendar with this name already exists.'),
  // Alert rules (migration 033): a name unique in its organization, as the form says at the field.
  alert_rules_name: () =>
    taken('name', 'alert_rule', 'An alert rule with this name already exists.'),
  access_rules_name: () => taken('name', 'access_rule', 'A rule with this name already exists.'),
  access_rules_window: () =>
    badField('valid_until', 'The end must be after the start.', 'end_before_start'),
}

/** The answer for a violated constraint the API knows by name, or null. */
export function constraintAnswer(error: unknown): HttpError | null {
  const constraint = (error as { constraint?: unknown }).constraint
  if (typeof constraint !== 'string' || !Object.hasOwn(answers, constraint)) return null
  return answers[constraint]?.() ?? null
}
