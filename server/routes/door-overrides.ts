import { DateTime } from 'luxon'
import { OVERRIDE_MAX_DAYS, OverrideInput, type DoorOverride } from '../../src/contract/door-modes'
import type { App, Services } from '../context'
import { changeRow, writeJournal } from '../db/journal'
import { lockdownAt } from '../db/lockdowns'
import { ownerColumn, type ModeOwner } from '../door-modes/door-layers'
import { wallInstant } from '../door-modes/wall-instants'
import { badField, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { requireScope } from '../http/scope'
import { idParam, jsonBody } from '../http/validate'
import { lockdownRefusal } from './control'
import { modeBase, ownerInScope, ownerJournalName, requireCapability } from './door-mode-guards'

// A door's override (decision 069): "unlock until 18:00" on the place's clock, ended early by
// DELETE. It needs what the mode needs; nobody sets an unlocking one during a lockdown. A lock with
// no door has its own (decision 072) under /devices/{id}/override, with the same body and rules.

const overrideSelect = `override_id, door_id, device_id, kind, mode, from_at, until, reason,
  set_by_email, ended_at`

/** `until` as an instant: with an offset as written, without one on the place's wall clock. */
function untilInstant(until: string, zone: string): Date {
  if (/(?:Z|[+-]\d{2}:\d{2})$/.test(until)) return new Date(until)
  const local = DateTime.fromISO(until, { zone })
  if (!local.isValid) throw badField('until', 'Expected a date and time.', 'datetime_invalid')
  return wallInstant(local.toISODate() ?? '', local.toFormat('HH:mm'), zone)
}

export function registerDoorOverrides(app: App, s: Services, owner: ModeOwner) {
  const path = `${modeBase[owner]}/:id/override`
  const column = ownerColumn[owner]
  app.post(path, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const input = await jsonBody(c, OverrideInput)
    const now = s.clock.now()
    const override = await s.db.tx(async (q) => {
      const place = await ownerInScope(q, owner, scope, p, id, true)
      const until = untilInstant(input.until, place.zone)
      if (until.getTime() <= now.getTime())
        throw badField('until', 'The end of an override must be in the future.')
      if (until.getTime() > DateTime.fromJSDate(now).plus({ days: OVERRIDE_MAX_DAYS }).toMillis())
        throw badField(
          'until',
          `An override ends at most ${OVERRIDE_MAX_DAYS} days ahead.`,
          'invalid',
          {
            max: OVERRIDE_MAX_DAYS,
          },
        )
      await requireCapability(q, owner, id, input.mode === 'unlocked' ? 'unlock' : 'lock')
      // Nobody sets an unlock override during a lockdown, lockdown:override holders included.
      if (input.mode === 'unlocked') {
        const lockdown = await lockdownAt(q, { type: owner, id }, null)
        if (lockdown !== undefined) throw lockdownRefusal(lockdown)
      }
      const [row] = await q.query<DoorOverride>(
        `insert into door_overrides (organization_id, ${column}, kind, mode, from_at, until,
           reason, set_by, set_by_email)
         values ($1, $2, 'override', $3, $4, $5, $6, $7, $8) returning ${overrideSelect}`,
        [
          place.organization_id,
          id,
          input.mode,
          now.toISOString(),
          until.toISOString(),
          input.reason.trim(),
          p.userId,
          p.email,
        ],
      )
      if (!row) throw notFound(owner === 'door' ? 'Door' : 'Device')
      await writeJournal(q, journalSource(c), {
        ...changeRow(
          'door_override',
          row.override_id,
          null,
          { ...row, organization_id: place.organization_id },
          () => ownerJournalName(owner, place),
        ),
      })
      return row
    })
    s.doorModeJob.wake()
    return c.json(override, 201)
  })

  app.delete(path, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const now = s.clock.now()
    await s.db.tx(async (q) => {
      const place = await ownerInScope(q, owner, scope, p, id, true)
      const ended = await q.query<DoorOverride>(
        `update door_overrides set ended_at = $2, ended_by = $3, ended_by_email = $4
         where ${column} = $1 and kind = 'override' and ended_at is null and from_at <= $2
           and until > $2
         returning ${overrideSelect}`,
        [id, now.toISOString(), p.userId, p.email],
      )
      if (ended.length === 0) throw notFound('Override')
      for (const row of ended)
        await writeJournal(q, journalSource(c), {
          ...changeRow(
            'door_override',
            row.override_id,
            { ...row, ended_at: null, organization_id: place.organization_id },
            { ...row, organization_id: place.organization_id },
            () => ownerJournalName(owner, place),
          ),
        })
    })
    s.doorModeJob.wake()
    return c.body(null, 204)
  })
}
