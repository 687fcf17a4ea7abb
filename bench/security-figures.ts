// The figures the security issues ask for, measured over real HTTP against the reference server in
// its own process (production scrypt cost, fresh in-memory PGlite):
//   sign-in latency and server memory under an anonymous password-reset flood, upload refusals,
//   wrong passwords evaluated in a parallel burst, reset mails per address, the owner's sign-in
//   while a stranger attacks the account.
//   npm run bench:security
import { spawn } from 'node:child_process'
import { once as onceEvent } from 'node:events'
import { readFileSync } from 'node:fs'

const PASSWORD = 'Demo-Password-1'

async function startServerProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: '0', DATA_DIR: 'memory://', SEED_AUDIT_ROWS: '200' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  while (!/Access console: (\S+)/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  const url = (/Access console: (\S+)/.exec(output)?.[1] ?? '').replace('localhost', '127.0.0.1')
  const stop = async () => {
    child.kill('SIGTERM')
    await onceEvent(child, 'exit')
  }
  return { url, pid: child.pid ?? 0, stop }
}

/** Resident memory of the server process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) / 1024
}

async function main() {
  const server = await startServerProcess()
  const base = server.url
  const signIn = async (username: string, password = PASSWORD, cookie?: string) => {
    const started = performance.now()
    const response = await fetch(`${base}/auth/v1/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams({ username, password }),
    })
    const body = (await response.json()) as { access_token?: string }
    const setCookie = response.headers.get('set-cookie')?.split(';')[0]
    return { status: response.status, ms: performance.now() - started, body, setCookie }
  }
  const json = (path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
  const lines: string[] = []
  const say = (line: string) => {
    lines.push(line)
    process.stdout.write(`${line}\n`)
  }

  // 1. Sign-in latency and memory under 24 anonymous password resets with bogus tokens.
  const quiet = [] as number[]
  for (let i = 0; i < 3; i++) quiet.push((await signIn('admin@demo.local')).ms)
  const rssBefore = rssMb(server.pid)
  let rssPeak = rssBefore
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.pid))
  }, 25)
  const flood = Array.from({ length: 24 }, (_, i) =>
    json('/org/v1/users/password-reset', { token: `bogus-${i}`, new_password: 'Long-Enough-1' }),
  )
  await new Promise((r) => setTimeout(r, 20))
  const underFlood = await signIn('staff@demo.local')
  const floodStatuses = (await Promise.all(flood)).map((r) => r.status)
  clearInterval(sampler)
  say(
    `sign-in quiet: ${Math.min(...quiet).toFixed(0)} ms; under a 24-request reset flood: ` +
      `${underFlood.ms.toFixed(0)} ms (status ${underFlood.status}); flood answers ` +
      `${[...new Set(floodStatuses)].join('/')}`,
  )
  say(`server RSS: ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB during flood`)

  // 2. Uploads: the read-only auditor, then the admin until the per-user quota stops it.
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(1024 * 1024 - 8, 7),
  ])
  const upload = async (token: string) => {
    const form = new FormData()
    form.append(`image_${Date.now()}_x.png`, new Blob([png], { type: 'image/png' }), 'x.png')
    const response = await fetch(`${base}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    })
    await response.arrayBuffer()
    return response.status
  }
  const tally = (statuses: number[]) => {
    const counts = new Map<number, number>()
    for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1)
    return [...counts].map(([s, n]) => `${n}× ${s}`).join(', ')
  }
  const auditor = (await signIn('auditor@demo.local')).body.access_token ?? ''
  const admin = (await signIn('admin@demo.local')).body.access_token ?? ''
  const auditorUploads: number[] = []
  for (let i = 0; i < 10; i++) auditorUploads.push(await upload(auditor))
  const adminUploads: number[] = []
  for (let i = 0; i < 60; i++) adminUploads.push(await upload(admin))
  say(`uploads of 1 MB: auditor 10 tries → ${tally(auditorUploads)}`)
  say(`uploads of 1 MB: admin 60 tries → ${tally(adminUploads)}`)

  // 3. Twenty wrong passwords in parallel for one account.
  const burst = await Promise.all(
    Array.from({ length: 20 }, () => signIn('orgadmin@demo.local', 'Wrong-Password-1')),
  )
  say(`20 parallel wrong passwords: ${tally(burst.map((r) => r.status))}`)

  // 4. A hundred reset requests for one address.
  for (let i = 0; i < 100; i++) {
    await json('/notify', { workflow: 'reset_password_email', email: 'staff@demo.local' })
  }
  const outbox = (await (await fetch(`${base}/dev/outbox?length=1000`)).json()) as {
    data: { recipient: string; workflow: string }[]
  }
  const mails = outbox.data.filter(
    (m) => m.recipient === 'staff@demo.local' && m.workflow === 'reset_password_email',
  ).length
  say(`100 reset requests for one address → ${mails} mails`)

  // 5. The owner signed in before (device cookie); a stranger then sends wrong passwords.
  const owner = await signIn('auditor', PASSWORD)
  const attack = await Promise.all(
    Array.from({ length: 20 }, () => signIn('Auditor ', 'Wrong-Password-1')),
  )
  const ownerAgain = await signIn('auditor@demo.local', PASSWORD, owner.setCookie)
  const strangerRight = await signIn('auditor@demo.local', PASSWORD)
  say(
    `owner's sign-in after a 20-guess attack (${tally(attack.map((r) => r.status))}): ` +
      `with device cookie ${ownerAgain.status}, without ${strangerRight.status}`,
  )
  await server.stop()
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`)
  process.exit(1)
})
