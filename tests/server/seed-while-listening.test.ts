import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../server/main'
import { embeddedTemplate, TEMPLATE_SEED } from './database-template'
import { ADMIN, PASSWORD } from './helpers'

// A first start (`npm start`, main.ts) listens before the demo data is seeded: the console's pages
// answer at once, and everything that reads the database waits until the seed is complete.
describe('a first start that seeds while listening', () => {
  const dist = mkdtempSync(join(tmpdir(), 'access-dist-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>')
  let running: RunningServer | undefined
  afterAll(async () => {
    await running?.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it('serves /login during the seed; a sign-in and /ready answer once it is complete', async () => {
    running = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        dataDir: 'memory://',
        seedAuditRows: 50_000,
        scryptLogN: 14,
        logLevel: 'silent',
        distDir: dist,
      },
      undefined,
      { seedWhileListening: true },
    )
    const { settled } = running.handle
    expect(settled).not.toBeNull()
    let seeded = false
    void settled?.then(() => (seeded = true))
    const url = running.url
    const page = await fetch(`${url}/login`)
    expect(page.status).toBe(200)
    expect(seeded).toBe(false)
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

  it('on a database that has its data, has done everything before it listens', async () => {
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
      { seedWhileListening: true },
    )
    try {
      expect(again.handle.settled).toBeNull()
      expect((await fetch(`${again.url}/ready`)).status).toBe(200)
    } finally {
      await again.close()
    }
  }, 60_000)
})
