/**
 * One bulk command over 1,000 devices on one floor, against the reference server (fresh in-memory
 * PGlite): the dry run (every device of the floor read page by page, then planned), the time until
 * every device's receipt is in, and the most requests in flight, with the console's own code
 * (src/actions/bulk-command.ts) and its concurrency bound. Run: npm run bench:bulk
 */
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { startServer } from '../server/main'
import type { Device } from '../src/contract/devices'
import type { ListResponse } from '../src/contract/list'
import { BULK_CONCURRENCY, collectDevices, planBulk, runBulk } from '../src/actions/bulk-command'
import { apiToken } from './helpers/api-token'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000)

async function main() {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    seedAuditRows: 0,
    logLevel: 'warn',
    distDir: 'bench/no-dist',
  })
  try {
    const db = server.handle.services.db
    const [floor] = await db.query<{
      floor_id: number
      location_id: number
      organization_id: number
    }>('select floor_id, location_id, organization_id from floors order by floor_id limit 1')
    if (!floor) throw new Error('no floor seeded')
    // Every tenth device is not connected, so the dry run has something to skip.
    await db.query(
      `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
         device_id_manufacturer, capabilities, connected, battery_level, lock_state,
         assignment_type, assignment_id, location_id)
       select $1, 'Bench lock ' || n, 'bench', 'lock',
              (select min(manufacturer_id) from manufacturers), 'BENCH-' || n,
              array['remotely_lock','remotely_unlock'], n % 10 <> 0, 90, 'unlocked', 'floor', $2, $3
       from generate_series(1, $4::int) as n`,
      [floor.organization_id, floor.floor_id, floor.location_id, DEVICES],
    )
    const token = await apiToken(server.url)
    const auth = { authorization: `Bearer ${token}` }

    const started = performance.now()
    const devices = await collectDevices(async (start, length) => {
      const url = `${server.url}/sbm/v1/devices?floor_id=${floor.floor_id}&start=${start}&length=${length}&order_by=name&order_direction=asc`
      return (await (await fetch(url, { headers: auth })).json()) as ListResponse<Device>
    })
    const plan = planBulk(devices, 'lock')
    const previewMs = performance.now() - started

    let inFlight = 0
    let maxInFlight = 0
    let receipts = 0
    const sent = performance.now()
    const tally = await runBulk(plan.targets, 'lock', {
      send: async (device, command, key) => {
        inFlight += 1
        maxInFlight = Math.max(maxInFlight, inFlight)
        try {
          const answer = await fetch(
            `${server.url}/access/v1/devices/${device.device_id}/control/${command}`,
            { method: 'POST', headers: { ...auth, 'idempotency-key': key } },
          )
          const body = (await answer.json()) as { audit_id: number }
          if (answer.status !== 200) throw new Error(String(answer.status))
          return { auditId: body.audit_id }
        } finally {
          inFlight -= 1
        }
      },
      classify: () => ({ failure: 'unavailable', auditId: null, refusal: null }),
      mintKey: randomUUID,
      onUpdate: (_, update) => {
        if (update.status === 'done' || update.status === 'failed') receipts += 1
      },
    })
    const runMs = performance.now() - sent
    console.log(`devices on the floor:           ${devices.length}`)
    console.log(`dry run (read + plan):          ${previewMs.toFixed(0)} ms`)
    console.log(`receive / skipped:              ${plan.targets.length} / ${plan.skipped.length}`)
    console.log(
      `every receipt in after:         ${runMs.toFixed(0)} ms (${(runMs / plan.targets.length).toFixed(1)} ms per device)`,
    )
    console.log(
      `succeeded / failed / receipts:  ${tally.succeeded} / ${tally.failed} / ${receipts}`,
    )
    console.log(`requests in flight at most:     ${maxInFlight} (bound ${BULK_CONCURRENCY})`)
  } finally {
    await server.close()
  }
}

await main()
