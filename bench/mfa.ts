/**
 * The factor step alone (issue 67, decision 077): after the password step, `POST
 * /auth/v1/token/factor` with an authenticator app's code, 10 sign-ins at once, on the embedded
 * database; p95 ≤ 100 ms. Printed with the machine's load and a control. Password hashing keeps
 * decision 005's cost (scrypt N = 2^17): the password steps run first and are not timed.
 *
 * Each person's app is sealed and stored as enrolment stores it; between rounds the bench forgets
 * the last used step, since a real person signs in with a new code each time.
 * Run: npm run bench:mfa
 */
import { performance } from 'node:perf_hooks'
import { Secret, TOTP } from 'otpauth'
import { controlLine, startInProcess } from './helpers/in-process'
import { machineLine } from './helpers/machine'

const PEOPLE = 10
const ROUNDS = 10
const BUDGET_MS = 100

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

async function main() {
  const server = await startInProcess(null)
  const { db, secrets } = server.handle.services
  const people = await db.query<{ user_id: number; email: string }>(
    `update users set password_hash = (select password_hash from users where email = 'admin@demo.local')
     where user_id in (select user_id from users where email like '%@acme.example'
                       order by user_id limit $1)
     returning user_id, email`,
    [PEOPLE],
  )
  const apps = new Map<string, TOTP>()
  for (const person of people) {
    const secret = new Secret({ size: 20 })
    await db.query(
      `insert into totp_factors (user_id, secret, created_at) values ($1, $2, now())`,
      [person.user_id, secrets.seal(secret.base32, person.user_id)],
    )
    apps.set(person.email, new TOTP({ secret }))
  }
  const post = (path: string, init: RequestInit) =>
    fetch(`${server.url}${path}`, { method: 'POST', ...init })
  const timings: number[] = []
  for (let round = 0; round < ROUNDS; round += 1) {
    await db.query('update totp_factors set last_step = null')
    await db.query(`delete from sign_in_budget`)
    const steps = await Promise.all(
      people.map(async ({ email }) => {
        const reply = await post('/auth/v1/token', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: email, password: 'Demo-Password-1' }).toString(),
        })
        const body = (await reply.json()) as { mfa_token?: string }
        if (!body.mfa_token) throw new Error(`no factor step for ${email}: ${reply.status}`)
        return { email, mfaToken: body.mfa_token }
      }),
    )
    await Promise.all(
      steps.map(async ({ email, mfaToken }) => {
        const code = apps.get(email)?.generate() ?? ''
        const started = performance.now()
        const reply = await post('/auth/v1/token/factor', {
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mfa_token: mfaToken, method: 'totp', code }),
        })
        await reply.arrayBuffer()
        timings.push(performance.now() - started)
        if (reply.status !== 200) throw new Error(`factor step ${email}: ${reply.status}`)
      }),
    )
  }
  const p95 = percentile(timings, 95)
  process.stdout.write(
    `factor step (TOTP), ${PEOPLE} concurrent sign-ins × ${ROUNDS} rounds, embedded: ` +
      `p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ` +
      `${Math.max(...timings).toFixed(1)} ms (budget ≤ ${BUDGET_MS} ms p95: ${p95 <= BUDGET_MS ? 'within' : 'OVER'})\n` +
      `  ${machineLine()}\n`,
  )
  process.stdout.write(await controlLine(server.url))
  await server.close()
}

await main()
