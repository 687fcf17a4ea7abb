/**
 * The factor step alone (issue 67, decision 077): after the password step, `POST
 * /auth/v1/token/factor` with an authenticator app's code, 10 sign-ins at once, on the embedded
 * database; p95 ≤ 100 ms. Printed with the machine's load and a control. Password hashing keeps
 * decision 005's cost (scrypt N = 2^17): the password steps run first and are not timed.
 *
 * The people signing in are a worker thread's HTTP client, as real ones are elsewhere: in the
 * server's thread, their requests and answers cost the measured event loop a third of a step.
 * Each person's app is sealed and stored as enrolment stores it; between rounds the bench forgets
 * the last used step, since a real person signs in with a new code each time.
 * Run: npm run bench:mfa
 */
import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { Secret, TOTP } from 'otpauth'
import { controlLine, startInProcess } from './helpers/in-process'
import { machineLine } from './helpers/machine'

const PEOPLE = 10
const ROUNDS = 20
// Untimed first rounds: a serving server is warm (its code compiled, its statements prepared, the
// clients' connections open); the first round of a fresh one is half again as slow.
const WARM_UP = 2
const BUDGET_MS = 100

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

// The client thread: on { step: 'password' } the password steps of everyone at once (their
// mfa_tokens back); on { step: 'factor', codes } the factor steps at once (their times back).
const clientThread = `
const { parentPort, workerData } = require('node:worker_threads')
const { performance } = require('node:perf_hooks')
const { url, emails } = workerData
const post = (path, headers, body) => fetch(url + path, { method: 'POST', headers, body })
let tokens = []
parentPort.on('message', async (ask) => {
  if (ask.step === 'password') {
    tokens = await Promise.all(emails.map(async (email) => {
      const reply = await post('/auth/v1/token',
        { 'content-type': 'application/x-www-form-urlencoded' },
        new URLSearchParams({ username: email, password: 'Demo-Password-1' }).toString())
      const body = await reply.json()
      if (!body.mfa_token) throw new Error('no factor step for ' + email + ': ' + reply.status)
      return body.mfa_token
    }))
    parentPort.postMessage({ done: true })
    return
  }
  const times = await Promise.all(emails.map(async (email, i) => {
    const started = performance.now()
    const reply = await post('/auth/v1/token/factor', { 'content-type': 'application/json' },
      JSON.stringify({ mfa_token: tokens[i], method: 'totp', code: ask.codes[i] }))
    await reply.arrayBuffer()
    const ms = performance.now() - started
    if (reply.status !== 200) throw new Error('factor step ' + email + ': ' + reply.status)
    return ms
  }))
  parentPort.postMessage({ times })
})
`

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
  const apps: TOTP[] = []
  for (const person of people) {
    const secret = new Secret({ size: 20 })
    await db.query(
      `insert into totp_factors (user_id, secret, created_at) values ($1, $2, now())`,
      [person.user_id, secrets.seal(secret.base32, person.user_id)],
    )
    apps.push(new TOTP({ secret }))
  }
  const client = new Worker(clientThread, {
    eval: true,
    workerData: { url: server.url, emails: people.map((person) => person.email) },
  })
  const failed = new Promise<never>((_, reject) => client.once('error', reject))
  const ask = async <T>(message: object): Promise<T> => {
    client.postMessage(message)
    const [answer] = (await Promise.race([once(client, 'message'), failed])) as [T]
    return answer
  }
  const timings: number[] = []
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    await db.query('update totp_factors set last_step = null')
    await db.query(`delete from sign_in_budget`)
    await ask({ step: 'password' })
    const { times } = await ask<{ times: number[] }>({
      step: 'factor',
      codes: apps.map((app) => app.generate()),
    })
    if (round >= WARM_UP) timings.push(...times)
  }
  await client.terminate()
  const p95 = percentile(timings, 95)
  process.stdout.write(
    `factor step (TOTP), ${PEOPLE} concurrent sign-ins × ${ROUNDS} rounds after ${WARM_UP} untimed, embedded: ` +
      `p50 ${percentile(timings, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ` +
      `${Math.max(...timings).toFixed(1)} ms (budget ≤ ${BUDGET_MS} ms p95: ${p95 <= BUDGET_MS ? 'within' : 'OVER'})\n` +
      `  ${machineLine()}\n`,
  )
  process.stdout.write(await controlLine(server.url))
  await server.close()
}

await main()
