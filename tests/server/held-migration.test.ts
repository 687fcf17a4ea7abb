import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { ServerOptions } from '../../server/config'
import { startServer, type RunningServer } from '../../server/main'
import { embeddedTemplate } from './database-template'
import { freshPostgres } from './helpers'

// A database from before migration 004-invariants may already hold rows that break its rules. The
// server must still start, name those rows, and add the rules once they are resolved.

// The first start begins from the run's migrated, seeded template, as most server files do. Made
// anew on disk, the database cost an initdb (in a thread at the lowest priority, which a busy
// machine starves), the migrations and the seed; what is tested here starts after them. A new
// on-disk cluster is initdb-off-thread.test.ts's to test.
const dataDir = mkdtempSync(join(tmpdir(), 'access-held-'))
const database = await freshPostgres({ seeded: true })
const snapshot = database ? null : await embeddedTemplate()
afterAll(async () => {
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

const options: Partial<ServerOptions> = {
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: database?.url ?? null,
  seedAuditRows: 0,
  scryptLogN: 10,
  logLevel: 'warn',
  distDir: 'tests/server/no-dist',
}

/** Starts the server and answers what it wrote to stderr while starting. */
async function start(first = false): Promise<{ running: RunningServer; warnings: string }> {
  const lines: string[] = []
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk))
    return true
  })
  try {
    const from = first ? { dataDirSnapshot: snapshot } : {}
    return { running: await startServer({ ...options, ...from }), warnings: lines.join('') }
  } finally {
    spy.mockRestore()
  }
}

// The schema as it was before 004-invariants: case-sensitive serials, windows checked by a select.
const undo004 = `
  alter table credentials drop constraint credentials_exclusive_window,
    drop constraint credentials_exclusive_shared, drop constraint credentials_window_order;
  drop index devices_serial;
  alter table devices add constraint devices_manufacturer_id_device_id_manufacturer_key
    unique (manufacturer_id, device_id_manufacturer);
  delete from schema_migrations where name = '004-invariants.sql'`

describe('a migration held back by rows that break its rule', () => {
  it('starts anyway, names the rows by id, and applies once they are resolved', async () => {
    const first = await start(true)
    const db = first.running.handle.services.db
    await db.query(undo004)
    const [a, b] = (
      await db.query<{ device_id: number }>(
        'select device_id from devices order by device_id limit 2',
      )
    ).map((d) => d.device_id)
    await db.query(
      `update devices set manufacturer_id = 1,
         device_id_manufacturer = case when device_id = $1 then 'dup-1' else 'DUP-1' end
       where device_id in ($1, $2)`,
      [a, b],
    )
    const [door] = await db.query<{ door_id: number; organization_id: number }>(
      'select door_id, organization_id from doors order by door_id limit 1',
    )
    const credentials = await db.query<{ credential_id: number }>(
      `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
         start_datetime, end_datetime, exclusive)
       select $1, user_id, 'door', $2, '2027-01-01T08:00Z', '2027-01-01T18:00Z', i = 1
       from users, generate_series(1, 2) i where organization_id = $1 and user_id = (
         select min(user_id) from users where organization_id = $1)
       returning credential_id`,
      [door?.organization_id, door?.door_id],
    )
    const [c1, c2] = credentials.map((c) => c.credential_id).sort((x, y) => x - y)
    await first.running.close()

    const held = await start()
    expect(held.warnings).toContain('migration 004-invariants.sql is held back')
    expect(held.warnings).toContain(`devices ${a}, ${b} share manufacturer 1's serial 'dup-1'`)
    expect(held.warnings).toContain(`credentials ${c1} and ${c2} overlap on door ${door?.door_id}`)
    expect((await fetch(`${held.running.url}/health`)).status).toBe(200)
    const heldDb = held.running.handle.services.db
    await heldDb.query(`update devices set device_id_manufacturer = 'dup-2' where device_id = $1`, [
      b,
    ])
    await heldDb.query('delete from credentials where credential_id = $1', [c2])
    await held.running.close()

    const resolved = await start()
    expect(resolved.warnings).toBe('')
    const applied = await resolved.running.handle.services.db.query(
      "select 1 from schema_migrations where name = '004-invariants.sql'",
    )
    expect(applied).toHaveLength(1)
    await resolved.running.close()
  }, 90_000) // three starts of a server on an on-disk database, each migrating it
})
