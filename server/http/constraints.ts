import { badField, conflict, type HttpError } from './errors'

// The database enforces these rules (docs/invariants.md); a request that breaks one gets the same
// answer the handler would give: the rule's message at its field, never a 500.
const answers: Record<string, () => HttpError> = {
  devices_serial: () =>
    conflict('This manufacturer ID is already registered.', 'device_id_manufacturer'),
  organization_clients_pkey: () => conflict('Client already exists!', 'client_ids'),
  users_username: () => conflict('This username is already taken.', 'username'),
  users_email: () => conflict('This email is already taken.', 'email'),
  credentials_exclusive_window: () =>
    conflict('An exclusive credential overlaps this time window.', 'exclusive'),
  credentials_exclusive_shared: () =>
    conflict('An exclusive credential overlaps this time window.', 'exclusive'),
  credentials_window_order: () => badField('end_datetime', 'The end must be after the start.'),
}

/** The answer for a violated constraint the API knows by name, or null. */
export function constraintAnswer(error: unknown): HttpError | null {
  const constraint = (error as { constraint?: unknown }).constraint
  if (typeof constraint !== 'string' || !Object.hasOwn(answers, constraint)) return null
  return answers[constraint]?.() ?? null
}
