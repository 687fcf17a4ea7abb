// The path prefixes that belong to the API, notifications and upload hosts (requirements R7). The
// server never answers them with the console's index.html, and the dev server forwards them to the
// API.
export const apiPrefixes = [
  '/auth/',
  '/org/',
  '/sbm/',
  '/access/',
  '/notify',
  '/upload',
  '/dev/',
  '/health',
] as const

// A request's path and query as the console writes them, without the host: the client builds its
// URLs with it (api/urls.ts), and the server names a page's first requests with it exactly as the
// client will ask for them (first-requests.ts).

export type QueryValue = string | number | boolean | null | undefined

export const PROFILE_PATH = '/org/v1/users/me'
/**
 * POST `{ refresh_token }`: Logout ends the session on the server too (its refresh token and every
 * token rotated from it stop working) and journals it. 204 whatever the token, so it tells nothing.
 */
export const SIGN_OUT_PATH = '/auth/v1/token/revoke'
export const AUDIT_PATH = '/sbm/v1/devices/audit'
export const TRIAGE_PATH = '/sbm/v1/devices/triage'
export const JOURNAL_PATH = '/org/v1/journal'

/** Each list's CSV export: the list's own path and parameters, ending in export.csv. */
export const exportPaths = {
  organizations: '/org/v1/organizations/export.csv',
  users: '/org/v1/users/export.csv',
  locations: '/sbm/v1/locations/export.csv',
  devices: '/sbm/v1/devices/export.csv',
  credentials: '/access/v1/credentials/export.csv',
  audits: `${AUDIT_PATH}/export.csv`,
  journal: `${JOURNAL_PATH}/export.csv`,
} as const
export type ExportList = keyof typeof exportPaths

/** `path` with `query`'s set values in order, as `?key=value&…` (nothing when none is set). */
export function requestPath({
  path,
  query,
}: {
  path: string
  query?: Readonly<Record<string, QueryValue>>
}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value))
  }
  const search = params.size ? `?${params.toString()}` : ''
  return `${path}${search}`
}

// The second factor, step-up and sessions (src/contract/mfa.ts, docs/decisions/077).
/** POST: the sign-in's second step, `{mfa_token, method, …}` → TokenPair. */
export const FACTOR_STEP_PATH = '/auth/v1/token/factor'
/** POST: a passwordless sign-in with a passkey → TokenPair. */
export const PASSKEY_SIGN_IN_PATH = '/auth/v1/token/passkey'
/** POST: a fresh check for the actions that need one → TokenPair with a new auth_time. */
export const STEP_UP_PATH = '/auth/v1/step-up'
/** POST: a challenge to sign in, pass the factor step or step up with a passkey. */
export const PASSKEY_OPTIONS_PATH = '/auth/v1/passkeys/options'
/** GET: my factors. */
export const FACTORS_PATH = '/auth/v1/factors'
/** POST: start an app enrolment (a pending secret); DELETE: remove my app (step-up). */
export const TOTP_PATH = '/auth/v1/factors/totp'
/** POST `{code}`: the first code confirms the pending secret → EnrolmentDone. */
export const TOTP_CONFIRM_PATH = '/auth/v1/factors/totp/confirm'
/** POST: options to register a passkey. */
export const PASSKEY_REGISTRATION_OPTIONS_PATH = '/auth/v1/factors/passkeys/options'
/** POST `{challenge_id, name, response}` → EnrolmentDone. */
export const PASSKEYS_PATH = '/auth/v1/factors/passkeys'
/** PATCH `{name}` renames, DELETE removes (step-up) one of my passkeys. */
export const passkeyPath = (passkeyId: number) => `${PASSKEYS_PATH}/${passkeyId}`
/** POST (step-up): 10 new recovery codes; the old ones stop working. */
export const RECOVERY_CODES_PATH = '/auth/v1/factors/recovery-codes'
/** GET: my sessions. */
export const SESSIONS_PATH = '/auth/v1/sessions'
/** DELETE: end one of my sessions. */
export const sessionPath = (sessionId: string) =>
  `${SESSIONS_PATH}/${encodeURIComponent(sessionId)}`
/** POST: end every session of mine but the one asking → SessionsEnded. */
export const END_OTHER_SESSIONS_PATH = `${SESSIONS_PATH}/end-others`
/** GET: a person's sessions (users:update, or :org in their organization). */
export const userSessionsPath = (userId: number) => `/org/v1/users/${userId}/sessions`
/** DELETE: end a person's session. */
export const userSessionPath = (userId: number, sessionId: string) =>
  `${userSessionsPath(userId)}/${encodeURIComponent(sessionId)}`
/** POST `{reason}` (step-up): remove a person's second factors; they must enrol again. */
export const resetFactorsPath = (userId: number) => `/org/v1/users/${userId}/factors/reset`
/** GET/PUT: the policy for every organization (organizations:update). */
export const MFA_POLICY_PATH = '/org/v1/mfa-policy'
/** GET/PUT: one organization's policy (organizations:update, or :org for one's own). */
export const organizationMfaPolicyPath = (organizationId: number) =>
  `/org/v1/organizations/${organizationId}/mfa-policy`

// Webhooks (decision 081; shapes in webhooks.ts). GET lists an organization's endpoints, POST
// makes one (its secret in the answer, once).
export const WEBHOOKS_PATH = '/org/v1/webhooks'
/** GET, PUT `{url, event_types, description, enabled}`, DELETE. */
export const webhookPath = (webhookId: number) => `${WEBHOOKS_PATH}/${webhookId}`
/** GET: the per-attempt delivery log, newest first (list query, optional `message_id`). */
export const webhookDeliveriesPath = (webhookId: number) => `${webhookPath(webhookId)}/deliveries`
/** GET: the delivery log, with the log's filters, as CSV (docs/csv.md). */
export const webhookDeliveriesExportPath = (webhookId: number) =>
  `${webhookDeliveriesPath(webhookId)}/export.csv`
/** POST: "Send again": the message, with its own `webhook-id`, goes out again now. */
export const webhookResendPath = (webhookId: number, messageId: string) =>
  `${webhookPath(webhookId)}/messages/${encodeURIComponent(messageId)}/resend`
/** POST: "Test": a `ping` message to the endpoint. */
export const webhookTestPath = (webhookId: number) => `${webhookPath(webhookId)}/test`
/** POST: a new secret, shown once; the previous one still signs for PREVIOUS_SECRET_HOURS. */
export const webhookRotateSecretPath = (webhookId: number) =>
  `${webhookPath(webhookId)}/rotate-secret`

// The mail queue (decision 087; shapes in mail-queue.ts): GET lists the outbox, newest first,
// for global administrators only.
export const MAIL_QUEUE_PATH = '/org/v1/mail-queue'
/** POST: a failed message goes back to waiting, its retries started over. */
/** The mail queue as a CSV file: the list's parameters (decision 087). */
export const mailQueueExportPath = `${MAIL_QUEUE_PATH}/export.csv`
export const mailResendPath = (messageId: number) => `${MAIL_QUEUE_PATH}/${messageId}/resend`
