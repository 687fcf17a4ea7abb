import { DEMO_PASSWORD } from '../../server/db/seed-data'

/** Signs a demo login in through the token endpoint, as the console does, and returns its access token. */
export async function apiToken(url: string, username = 'admin@demo.local'): Promise<string> {
  const response = await fetch(`${url}/auth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD }),
  })
  if (!response.ok) throw new Error(`sign-in as ${username}: HTTP ${response.status}`)
  return ((await response.json()) as { access_token: string }).access_token
}
