import { EXPIRING_CODE_DAYS } from '../../src/contract/lock-sync'
import type { App, Services } from '../context'
import { placesOfDevice } from '../access/evaluate'
import { codeWindow, issueCode } from '../access/offline-code'
import { writeJournal } from '../db/journal'
import { deviceHoldings, expiringCodes } from '../db/lock-holdings'
import { conflict, HttpError, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam } from '../http/validate'
import { credentialName, findCredential } from './credentials'
import { findDevice } from './device-rows'
import { auditCodeMade, lockedDevice } from './control'
import { lockRow } from '../db/locks'
import { HOLDS_PINS, deviceAtPlace } from '../access/lock-sync'
import { requireFreshCheck } from '../auth/step-up'

// What the locks hold and the offline codes' life (decision 073): a lock's holdings, rotating its
// offline key, reissuing a credential's code, and the codes that end soon.

/** 422 naming the capability, as commands answer (decision 008). */
const lacksCodes = () =>
  new HttpError(
    422,
    'capability_missing',
    `Device lacks the capability ${HOLDS_PINS}.`,
    undefined,
    {},
    { params: { capability: HOLDS_PINS } },
  )

export function registerLockSync(app: App, s: Services) {
  app.get('/access/v1/devices/:id/holdings', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const id = idParam(c)
    const device = ensureInScope(scope, p, await findDevice(s.db, id), 'Device')
    const [key] = await s.db.query<{ v: number; at: string | null }>(
      'select offline_key_version as v, offline_key_rotated_at as at from devices where device_id = $1',
      [id],
    )
    const held = await deviceHoldings(s.db, device.device_id, s.clock.now())
    return c.json({
      device_id: id,
      offline_key_version: key?.v ?? 1,
      offline_key_rotated_at: key?.at ?? null,
      ...held,
    })
  })

  // A new key for the lock's offline validator: every code it made before stops working at once.
  app.post('/access/v1/devices/:id/rotate_offline_key', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    requireFreshCheck(c, s)
    const answer = await s.db.tx(async (q) => {
      const device = await lockedDevice(q, scope, p, id)
      if (!device.capabilities.includes(HOLDS_PINS)) return null
      // The codes it ends: honoured until now, and no longer any credential's PIN.
      const [ended] = await q.query<{ n: number }>(
        `select count(*)::int as n from offline_codes o join devices d using (device_id)
         where o.device_id = $1 and o.key_version = d.offline_key_version
           and o.withdrawn is distinct from 'on_lock' and o.valid_until > $2`,
        [id, s.clock.now().toISOString()],
      )
      await q.query(
        `update credentials c set pin = null from offline_codes o, devices d
         where o.device_id = $1 and d.device_id = $1 and o.key_version = d.offline_key_version
           and o.credential_id = c.credential_id and c.pin = o.digits`,
        [id],
      )
      const [row] = await q.query<{ before: number; after: number }>(
        `update devices set offline_key_version = offline_key_version + 1,
           offline_key_rotated_at = now()
         where device_id = $1 returning offline_key_version - 1 as before, offline_key_version as after`,
        [id],
      )
      if (!row) throw notFound('Device')
      await writeJournal(q, journalSource(c), {
        organizationId: device.organization_id,
        action: 'update',
        targetType: 'device',
        targetId: id,
        targetName: device.name,
        changes: { offline_key_version: [row.before, row.after] },
      })
      return { device_id: id, offline_key_version: row.after, codes_ended: ended?.n ?? 0 }
    })
    if (!answer) throw lacksCodes()
    return c.json(answer)
  })

  // A new code on the same lock for the rest of the credential's window; the old one is withdrawn
  // where the lock can be reached.
  app.post('/access/v1/credentials/:id/reissue_code', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'update')
    const id = idParam(c)
    const now = s.clock.now()
    const answer = await s.db.tx(async (q) => {
      await lockRow(q, 'credentials', id, 'update')
      const credential = ensureInScope(scope, p, await findCredential(q, id), 'Credential')
      const [last] = await q.query<{ device_id: number }>(
        `select o.device_id from offline_codes o join credentials c on c.credential_id = o.credential_id
           join devices d on d.device_id = o.device_id and ${deviceAtPlace}
         where o.credential_id = $1 order by o.code_id desc limit 1`,
        [id],
      )
      if (!last)
        throw conflict(
          'The credential has no code on a lock at its place to reissue.',
          'credential_id',
          'no_code',
        )
      const device = await lockedDevice(q, scope, p, last.device_id)
      const places = await placesOfDevice(q, device.device_id)
      const [key] = await q.query<{ v: number }>(
        'select offline_key_version as v from devices where device_id = $1',
        [device.device_id],
      )
      const window = places ? codeWindow(credential, now, places.zone) : null
      if (!window || !places || !key)
        throw conflict(
          'The credential has ended: no code can be made for it.',
          'credential_id',
          'credential_ended',
        )
      const auditId = await auditCodeMade(q, device, window, p, c.get('requestId'))
      const issued = await issueCode(q, s.pinKey, {
        credentialId: id,
        organizationId: credential.organization_id,
        deviceId: device.device_id,
        keyVersion: key.v,
        window,
        auditId,
      })
      await writeJournal(q, journalSource(c), {
        organizationId: credential.organization_id,
        action: 'create_pin',
        targetType: 'credential',
        targetId: id,
        targetName: credentialName(credential),
        auditId,
      })
      return {
        credential_id: id,
        pin: issued.digits,
        code: {
          code_id: issued.code_id,
          credential_id: id,
          device_id: device.device_id,
          device_name: device.name,
          connected: device.current_status.connected,
          key_version: key.v,
          valid_from: window.from.toISOString(),
          valid_until: window.until.toISOString(),
          time_zone: places.zone,
          withdrawing: false,
          user_id: credential.user_id,
          user_email: credential.user_email,
        },
      }
    })
    s.lockSyncJob.wake()
    return c.json(answer)
  })

  app.get('/access/v1/offline-codes/expiring', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'read')
    const codes = await expiringCodes(s.db, orgLimit(scope, p), s.clock.now(), EXPIRING_CODE_DAYS)
    return c.json({ codes })
  })
}
