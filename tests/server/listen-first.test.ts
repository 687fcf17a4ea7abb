import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../server/main'
import { embeddedTemplate, TEMPLATE_SEED } from './database-template'
import { ADMIN, PASSWORD, describeOffPostgresRun } from './helpers'

/** A port nothing listens on now, so the test knows the address before the server says it. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

// `npm start` (main.ts, `listenFirst`) listens once the console is built, before its database is
// open: the console's pages answer at once, and everything that reads the database waits until
// it is open and, on a first start, seeded.
describeOffPostgresRun('a start that listens first', () => {
  const dist = mkdtempSync(join(tmpdir(), 'access-dist-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>')
  let running: RunningServer | undefined
  afterAll(async () => {
    await running?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('serves /login while the database opens and is seeded; a sign-in and /ready wait for both', async () => {
    const port = await freePort()
    let open = false
    const starting = startServer(
      {
        port,
        host: '127.0.0.1',
        dataDir: 'memory://',
        seedAuditRows: 50_000,
        scryptLogN: 14,
        logLevel: 'silent',
        distDir: dist,
      },
      undefined,
      { listenFirst: true },
    )
    void starting.then(() => (open = true))
    const url = `http://127.0.0.1:${port}`
    let page: Response | null = null
    while (page === null) {
      page = await fetch(`${url}/login`).catch(() => null)
      if (page === null) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    // A fresh database's initdb and migrations take seconds: the page came before them.
    expect(open).toBe(false)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<title>console</title>')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect((await fetch(`${url}/health`)).status).toBe(200)
    let seeded = false
    const readyWhileOpening = fetch(`${url}/ready`).then((r) => ({ status: r.status, open }))
    running = await starting
    const { settled } = running.handle
    expect(settled).not.toBeNull()
    void settled?.then(() => (seeded = true))
    expect(await readyWhileOpening).toEqual({ status: 200, open: true })
    expect((await fetch(`${url}/login`)).status).toBe(200)
    const signIn = fetch(`${url}/auth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN, password: PASSWORD }).toString(),
    }).then((r) => ({ status: r.status, seeded }))
    const ready = fetch(`${url}/ready`).then((r) => ({ status: r.status, seeded }))
    expect(await signIn).toEqual({ status: 200, seeded: true })
    expect(await ready).toEqual({ status: 200, seeded: true })
    // A first start's initdb and seed: well over the default on a loaded machine.
  }, 120_000)

  it('on a database that has its data, is open and has nothing left to seed once it resolves', async () => {
    const again = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: 'memory://',
        dataDirSnapshot: await embeddedTemplate(),
        seedAuditRows: TEMPLATE_SEED.auditRows,
        scryptLogN: TEMPLATE_SEED.scryptLogN,
        logLevel: 'silent',
        distDir: dist,
      },
      undefined,
      { listenFirst: true },
    )
    try {
      expect(again.handle.settled).toBeNull()
      expect((await fetch(`${again.url}/ready`)).status).toBe(200)
    } finally {
      await again.close()
    }
  }, 60_000)
})
