import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import {
  organizationMfaPolicyPath,
  TOTP_CONFIRM_PATH,
  TOTP_PATH,
} from '../../../src/contract/api-paths'
import { DEMO_PASSWORD, demo } from './session'

// The second factor in the browser tests: people who may enrol (the published demo logins may
// not), and the authenticator app's codes computed from the setup key the page shows.

export type Enrollee = { email: string; password: string }

async function adminHeaders(request: APIRequestContext) {
  const signIn = await request.post('/auth/v1/token', {
    form: { username: demo.admin, password: DEMO_PASSWORD },
  })
  const { access_token } = (await signIn.json()) as { access_token: string }
  return { Authorization: `Bearer ${access_token}` }
}

/**
 * A new person in the admin's organization (or the one given) with a password of their own: made through the API as
 * the admin, the password set through the reset link in the demo outbox.
 */
export async function createEnrollee(
  request: APIRequestContext,
  name: string,
  organizationId?: number,
): Promise<Enrollee> {
  const headers = await adminHeaders(request)
  const me = (await (await request.get('/org/v1/users/me', { headers })).json()) as {
    organization_id: number
  }
  const email = `${name}@acme.example`
  const created = await request.post('/org/v1/users', {
    headers,
    data: {
      username: name,
      email,
      first_name: 'Fay',
      last_name: 'Factor',
      organization_id: organizationId ?? me.organization_id,
      roles: ['staff'],
      permissions: ['users:read:org'],
    },
  })
  expect(created.status(), `POST /org/v1/users: ${created.status()}`).toBe(201)
  await request.post('/notify', { data: { workflow: 'reset_password_email', email } })
  const outbox = (await (await request.get('/dev/outbox')).json()) as {
    data: { recipient: string; link: string | null }[]
  }
  const link = outbox.data.filter((message) => message.recipient === email).at(-1)?.link ?? ''
  const token = new URL(link, 'http://localhost').searchParams.get('token') ?? ''
  const password = `Own-${DEMO_PASSWORD}-${name}`
  const reset = await request.post('/org/v1/users/password-reset', {
    data: { token, new_password: password },
  })
  expect(reset.status(), `password reset: ${reset.status()}`).toBe(200)
  return { email, password }
}

/**
 * The app's code for the next 30-second step: the server accepts ±1 step and refuses a code used
 * once, so a sign-in right after the enrolment's confirming code needs the next one.
 */
export function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) })
  return totp.generate({ timestamp: Date.now() + steps * 30_000 })
}

/** The setup key the enrolment shows as text, for people who cannot scan. */
export async function shownSecret(page: Page): Promise<string> {
  const secret = page.getByTestId('totp-secret')
  await expect(secret).toBeVisible()
  return (await secret.textContent()) ?? ''
}

/**
 * A person with the authenticator app enrolled through the API: its setup key for their codes, and
 * the recovery codes the enrolment showed (a spent step's code is refused until the next step).
 */
export async function enrolTotp(
  request: APIRequestContext,
  person: Enrollee,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const signIn = await request.post('/auth/v1/token', {
    form: { username: person.email, password: person.password },
  })
  const { access_token } = (await signIn.json()) as { access_token: string }
  const headers = { Authorization: `Bearer ${access_token}` }
  const started = await request.post(TOTP_PATH, { headers })
  expect(started.ok(), `POST ${TOTP_PATH}: ${started.status()}`).toBe(true)
  const { secret } = (await started.json()) as { secret: string }
  const confirmed = await request.post(TOTP_CONFIRM_PATH, {
    headers,
    data: { code: totpCode(secret) },
  })
  expect(confirmed.ok(), `POST ${TOTP_CONFIRM_PATH}: ${confirmed.status()}`).toBe(true)
  const { recovery_codes } = (await confirmed.json()) as { recovery_codes: string[] | null }
  return { secret, recoveryCodes: recovery_codes ?? [] }
}

/**
 * A new organization with the second-factor `policy` given, and a person there who holds
 * `users:read:org` (so `required_for: ['users:read:org']` asks them to enrol at their next sign-in).
 * Only this organization's people are affected, so the specs beside it are not.
 */
export async function createEnrolleeUnderPolicy(
  request: APIRequestContext,
  name: string,
  policy: { required_for: string[]; passwordless_passkeys: boolean },
): Promise<Enrollee & { organizationId: number }> {
  const headers = await adminHeaders(request)
  const created = await request.post('/org/v1/organizations', {
    headers,
    data: { name: `Second factor ${name}`, description: 'Its own policy', client_ids: [name] },
  })
  expect(created.status(), `POST /org/v1/organizations: ${created.status()}`).toBe(201)
  const { organization_id } = (await created.json()) as { organization_id: number }
  await setOrganizationPolicy(request, organization_id, policy)
  return {
    ...(await createEnrollee(request, name, organization_id)),
    organizationId: organization_id,
  }
}

/** An organization's second-factor policy, set by the admin as Settings does. */
export async function setOrganizationPolicy(
  request: APIRequestContext,
  organizationId: number,
  policy: { required_for: string[]; passwordless_passkeys: boolean },
) {
  const answer = await request.put(organizationMfaPolicyPath(organizationId), {
    headers: await adminHeaders(request),
    data: policy,
  })
  expect(answer.ok(), `PUT the organization's policy: ${answer.status()}`).toBe(true)
}
