import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { DEMO_PASSWORD, demo } from './session'

// The second factor in the browser tests: people who may enrol (the published demo logins may
// not), and the authenticator app's codes computed from the setup key the page shows.

export type Enrollee = { email: string; password: string }

/**
 * A new person in the admin's organization with a password of their own: made through the API as
 * the admin, the password set through the reset link in the demo outbox.
 */
export async function createEnrollee(request: APIRequestContext, name: string): Promise<Enrollee> {
  const signIn = await request.post('/auth/v1/token', {
    form: { username: demo.admin, password: DEMO_PASSWORD },
  })
  const { access_token } = (await signIn.json()) as { access_token: string }
  const headers = { Authorization: `Bearer ${access_token}` }
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
      organization_id: me.organization_id,
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
