import type { PersonPinIssued, PersonPinState } from '../../src/contract/pin-entry'
import type { User } from '../../src/contract/users'
import type { App, Services } from '../context'
import { pinDigest, pinDigits, randomPin } from '../access/pin-digest'
import type { Prepared, Queryable } from '../db/database'
import { changeRow, writeJournal, type JournalSource } from '../db/journal'
import { lockRow } from '../db/locks'
import { notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam } from '../http/validate'
import { ensureManageable } from './user-writes'
import { findUser } from './users'

// A person's own PIN (decision 066): one per person, made by the server, unique in the
// organization (the unique index on its digest), shown once in the answer that made it and never
// again. Whoever may change the user (userChangeRefusal, as for editing them) makes, changes and
// removes it; whoever may read the user sees whether they have one. The journal records that it
// changed (its length and when), never the PIN or its digest. A disabled person keeps theirs and
// is refused at the keypad.

/** The journaled row of a PIN (journal target `person_pin`, keyed by the person). */
interface PinRow {
  user_id: number
  organization_id: number
  digits: number
  changed_at: string
}

const pinOf: Prepared = {
  name: 'person_pin_of',
  text: 'select user_id, organization_id, digits, changed_at from person_pins where user_id = $1',
}

const peopleSql: Prepared = {
  name: 'person_pin_people',
  text: 'select count(*)::int as n from users where organization_id = $1',
}

// A PIN another person of the organization holds is not written (the digest's unique index), and
// the next one drawn is tried instead.
const insertSql: Prepared = {
  name: 'person_pin_insert',
  text: `insert into person_pins (user_id, organization_id, pin_digest, digits) values ($1, $2, $3, $4)
     on conflict (organization_id, pin_digest) do nothing
     returning user_id, organization_id, digits, changed_at`,
}

/** Draws up to this many PINs; at 10,000 people in 10^8 a second draw is already rare. */
const DRAWS = 20

/**
 * Makes `user` a new PIN in the caller's transaction, replacing theirs, and journals it. `draw`
 * picks a PIN of the given length (random; a test passes a taken one first). The user's row must be
 * locked by the caller, so two requests for one person take turns.
 */
export async function issuePersonPin(
  q: Queryable,
  s: Pick<Services, 'pinKey'>,
  user: Pick<User, 'user_id' | 'organization_id' | 'email'>,
  source: JournalSource,
  draw: (digits: number) => string = randomPin,
): Promise<PersonPinIssued> {
  const [before] = await q.query<PinRow>(pinOf, [user.user_id])
  const [people] = await q.query<{ n: number }>(peopleSql, [user.organization_id])
  const digits = pinDigits(people?.n ?? 1)
  await q.query('delete from person_pins where user_id = $1', [user.user_id])
  for (let attempt = 0; attempt < DRAWS; attempt++) {
    const pin = draw(digits)
    const digest = pinDigest(s.pinKey, user.organization_id, pin)
    const [after] = await q.query<PinRow>(insertSql, [
      user.user_id,
      user.organization_id,
      digest,
      digits,
    ])
    if (!after) continue
    await writeJournal(
      q,
      source,
      changeRow('person_pin', user.user_id, before ?? null, after, () => user.email),
    )
    return { pin, digits, changed_at: after.changed_at }
  }
  throw new Error(`no free PIN of ${digits} digits in ${DRAWS} draws`)
}

export function registerPersonPins(app: App, s: Services) {
  app.get('/access/v1/users/:id/pin', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'users', 'read')
    const id = idParam(c)
    ensureInScope(scope, p, await findUser(s.db, id), 'User')
    const [row] = await s.db.query<PinRow>(pinOf, [id])
    const state: PersonPinState = {
      has_pin: row !== undefined,
      digits: row?.digits ?? null,
      changed_at: row?.changed_at ?? null,
    }
    return c.json(state)
  })

  app.post('/access/v1/users/:id/pin', async (c) => {
    const p = c.get('principal')
    const id = idParam(c)
    const issued = await s.db.tx(async (q) => {
      await lockRow(q, 'users', id, 'update')
      const user = ensureManageable(p, await findUser(q, id))
      return issuePersonPin(q, s, user, journalSource(c))
    })
    return c.json(issued)
  })

  app.delete('/access/v1/users/:id/pin', async (c) => {
    const p = c.get('principal')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      await lockRow(q, 'users', id, 'update')
      const user = ensureManageable(p, await findUser(q, id))
      const [before] = await q.query<PinRow>(
        `delete from person_pins where user_id = $1
         returning user_id, organization_id, digits, changed_at`,
        [id],
      )
      if (!before) throw notFound('PIN')
      await writeJournal(
        q,
        journalSource(c),
        changeRow('person_pin', id, before, null, () => user.email),
      )
    })
    return c.body(null, 204)
  })
}
