import type { DeviceSecretIssued } from '../../src/contract/pin-entry'
import type { App, Services } from '../context'
import { newDeviceSecret, secretHash } from '../auth/device-secret'
import type { Prepared, Queryable } from '../db/database'
import { writeJournal } from '../db/journal'
import { lockRow } from '../db/locks'
import { journalSource } from '../http/journal-source'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam } from '../http/validate'

// A keypad's secret for pin-entry (decision 066): made when the device is, and again whenever
// someone who may update the device asks (a keypad replaced, a secret leaked); the new one replaces
// the old at once. Shown in that one answer; the database keeps its hash and when it was made, and
// the journal records when, never the secret.

const makeSql: Prepared = {
  name: 'device_secret_make',
  text: `update devices set secret_hash = $2, secret_made_at = now() where device_id = $1
     returning secret_made_at`,
}

/** A new secret for the device, in the caller's transaction: the secret, and when it was made. */
export async function makeDeviceSecret(
  q: Queryable,
  deviceId: number,
): Promise<{ secret: string; madeAt: string | null }> {
  const secret = newDeviceSecret()
  const [row] = await q.query<{ secret_made_at: string }>(makeSql, [deviceId, secretHash(secret)])
  return { secret, madeAt: row?.secret_made_at ?? null }
}

export function registerDeviceSecrets(app: App, s: Services) {
  app.post('/sbm/v1/devices/:id/secret', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const issued = await s.db.tx(async (q): Promise<DeviceSecretIssued> => {
      await lockRow(q, 'devices', id, 'update')
      const [device] = await q.query<{
        organization_id: number
        name: string
        secret_made_at: string | null
      }>('select organization_id, name, secret_made_at from devices where device_id = $1', [id])
      const { organization_id, name, secret_made_at } = ensureInScope(scope, p, device, 'Device')
      const { secret, madeAt } = await makeDeviceSecret(q, id)
      await writeJournal(q, journalSource(c), {
        organizationId: organization_id,
        action: 'update',
        targetType: 'device',
        targetId: id,
        targetName: name,
        changes: { secret_made_at: [secret_made_at, madeAt] },
      })
      return { secret }
    })
    return c.json(issued)
  })
}
