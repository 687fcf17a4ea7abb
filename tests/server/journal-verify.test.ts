import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../server/db/database'
import { verifyJournal } from '../../server/db/journal-verify'
import { ADMIN, useServer } from './helpers'

// The chain's verifier against rows changed the way only a superuser could: with the journal's
// triggers disabled for the moment of the change (on PGlite and, via with-postgres.sh, PostgreSQL).
const server = useServer()

const db = () => server().running.handle.services.db

/** Runs `sql` with the journal's triggers off, as a superuser bypassing them would. */
const bypassing = (sql: string, params: unknown[] = []) =>
  db().tx(async (q: Queryable) => {
    await q.query('alter table journal disable trigger user')
    await q.query(sql, params)
    await q.query('alter table journal enable trigger user')
  })

async function someChanges(n: number) {
  const token = await server().login(ADMIN)
  for (let i = 0; i < n; i++) {
    const reply = await server().request('POST', '/sbm/v1/locations', {
      token,
      json: { name: `Verify ${i}` },
    })
    expect(reply.status).toBe(201)
  }
}

const ids = async () =>
  (
    await db().query<{ journal_id: number }>('select journal_id from journal order by journal_id')
  ).map((r) => r.journal_id)

describe('journal:verify', () => {
  it('finds an untouched chain intact', async () => {
    await someChanges(5)
    const all = await ids()
    for (const batch of [5000, 2, 3]) {
      const verdict = await verifyJournal(db(), batch)
      expect(verdict).toEqual({ intact: true, rows: all.length, firstId: 1, lastId: all.at(-1) })
    }
  })

  it('names a row whose content was altered, and is intact again once it is restored', async () => {
    const target = (await ids())[2] ?? 0
    const [row] = await db().query<{ target_name: string }>(
      'select target_name from journal where journal_id = $1',
      [target],
    )
    await bypassing('update journal set target_name = $2 where journal_id = $1', [target, 'Forged'])
    for (const batch of [5000, 2, 3]) {
      expect(await verifyJournal(db(), batch)).toMatchObject({
        intact: false,
        journalId: target,
        problem: 'altered',
      })
    }
    await bypassing('update journal set target_name = $2 where journal_id = $1', [
      target,
      row?.target_name,
    ])
    expect(await verifyJournal(db())).toMatchObject({ intact: true })
  })

  it('names the row after one altered and rehashed: its link no longer matches', async () => {
    const [target, next] = (await ids()).slice(1, 3)
    const [row] = await db().query<{ target_name: string; hash: string }>(
      'select target_name, hash from journal where journal_id = $1',
      [target],
    )
    await bypassing(
      `update journal j set target_name = 'Forged', hash = journal_hash(
         (j.journal_id, j.at, j.actor_id, j.actor_email, j.client_address, j.organization_id,
          j.action, j.target_type, j.target_id, 'Forged', j.changes, j.request_id, j.audit_id,
          j.prev_hash, j.hash)::journal)
       where journal_id = $1`,
      [target],
    )
    // Batches of 2 and 3 put the link across a batch's edge for one and inside a batch for the other.
    for (const batch of [5000, 2, 3]) {
      expect(await verifyJournal(db(), batch)).toMatchObject({
        intact: false,
        journalId: next,
        problem: 'altered',
      })
    }
    await bypassing('update journal set target_name = $2, hash = $3 where journal_id = $1', [
      target,
      row?.target_name,
      row?.hash,
    ])
    expect(await verifyJournal(db())).toMatchObject({ intact: true })
  })

  it('names a deleted row, the newest included', async () => {
    const all = await ids()
    const [middle, last] = [all[3] ?? 0, all.at(-1) ?? 0]
    const copy = (id: number) =>
      db().query<{ values: string }>(
        'select row_to_json(j)::text as values from journal j where journal_id = $1',
        [id],
      )
    const [kept] = await copy(middle)
    await bypassing('delete from journal where journal_id = $1', [middle])
    for (const batch of [5000, 2, 3]) {
      expect(await verifyJournal(db(), batch)).toMatchObject({
        intact: false,
        journalId: middle,
        problem: 'deleted',
      })
    }
    await bypassing('insert into journal select * from json_populate_record(null::journal, $1)', [
      kept?.values,
    ])
    expect(await verifyJournal(db())).toMatchObject({ intact: true })
    const [newest] = await copy(last)
    await bypassing('delete from journal where journal_id = $1', [last])
    expect(await verifyJournal(db())).toMatchObject({
      intact: false,
      journalId: last,
      problem: 'deleted',
    })
    await bypassing('insert into journal select * from json_populate_record(null::journal, $1)', [
      newest?.values,
    ])
    expect(await verifyJournal(db())).toMatchObject({ intact: true })
  })

  it('names a row inserted beyond the head', async () => {
    const last = (await ids()).at(-1) ?? 0
    await bypassing(
      `insert into journal (journal_id, at, action, target_type, prev_hash, hash)
       select journal_id + 1, now(), 'create', 'user', hash, 'x' from journal_head`,
    )
    expect(await verifyJournal(db())).toMatchObject({
      intact: false,
      journalId: last + 1,
      problem: 'out_of_order',
    })
    await bypassing('delete from journal where journal_id = $1', [last + 1])
    expect(await verifyJournal(db())).toMatchObject({ intact: true })
  })

  it('prunes by retention and verifies from the cut; the chain goes on from its anchor', async () => {
    const before = await ids()
    const [pruned] = await db().tx((q) => q.query<{ n: number }>('select journal_prune(0) as n'))
    expect(pruned?.n).toBe(before.length)
    expect(await verifyJournal(db())).toMatchObject({ intact: true, rows: 0, firstId: null })
    await someChanges(2)
    // A sign-in and two creates, numbered on from the cut.
    const cut = before.at(-1) ?? 0
    expect(await verifyJournal(db())).toEqual({
      intact: true,
      rows: 3,
      firstId: cut + 1,
      lastId: cut + 3,
    })
    // Without the retention function, a delete stays refused.
    await expect(db().tx((q) => q.query('delete from journal'))).rejects.toMatchObject({
      code: 'AC002',
    })
  })
})
