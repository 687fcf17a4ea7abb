import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { ImportResult } from '../../src/contract/user-import'
import { Me } from '../../src/contract/users'
import { ADMIN, AUDITOR, ORGADMIN, PASSWORD, shaped, useServer } from './helpers'
import { latestToken } from './security-helpers'

const server = useServer()

async function importCsv(
  token: string,
  csv: string | Uint8Array<ArrayBuffer>,
  dryRun: boolean,
  rows: 'all' | 'valid' = 'valid',
) {
  return server().request('POST', `/org/v1/users/import?dry_run=${dryRun}&rows=${rows}`, {
    token,
    body: csv,
    type: 'text/csv',
  })
}

const header = 'username,email,first_name,last_name,roles,permissions'
const rows = (from: number, to: number) =>
  Array.from(
    { length: to - from },
    (_, i) =>
      `bulk${from + i},bulk${from + i}@acme.example,Bulk,"Person, ${from + i}",staff,users:read:org`,
  )

describe('POST /org/v1/users/import', () => {
  it('dry-runs without writing, imports the valid rows, and changes nothing the second time', async () => {
    const token = await server().login(ORGADMIN)
    const csv = [
      header,
      ...rows(0, 5),
      'bulk0,other@acme.example,Dup,Line,staff,users:read:org',
      'noemail,,No,Mail,staff,users:read:org',
      'grabby,grabby@acme.example,Too,Much,admin,organizations:create',
      ...rows(5, 8),
    ].join('\r\n')
    const dry = shaped((await importCsv(token, csv, true)).body, ImportResult)
    expect(dry.dry_run).toBe(true)
    expect(dry.results.filter((r) => r.outcome === 'create').map((r) => r.line)).toEqual([
      2, 3, 4, 5, 6, 10, 11, 12,
    ])
    const errors = dry.results.filter((r) => r.outcome === 'error')
    expect(errors[0]?.error?.params).toEqual({ line: 2 })
    expect(errors.map((r) => [r.line, r.error?.field, r.error?.rule])).toEqual([
      [7, 'username', 'duplicate'],
      [8, 'email', 'required'],
      [9, 'roles', 'cannot_grant'],
    ])
    const list = await server().request('GET', '/org/v1/users?search=bulk', { token })
    expect((list.body as { recordsFiltered: number }).recordsFiltered).toBe(0)

    const applied = shaped((await importCsv(token, csv, false)).body, ImportResult)
    expect([applied.rows, applied.written]).toEqual(['valid', true])
    expect(applied.results.filter((r) => r.outcome === 'create')).toHaveLength(8)
    expect(applied.results.every((r) => r.outcome !== 'create' || r.user_id !== null)).toBe(true)
    const after = await server().request('GET', '/org/v1/users?search=bulk', { token })
    expect((after.body as { recordsFiltered: number }).recordsFiltered).toBe(8)

    const again = shaped((await importCsv(token, csv, false)).body, ImportResult)
    expect(again.results.filter((r) => r.outcome === 'unchanged')).toHaveLength(8)
    expect(again.results.filter((r) => r.outcome === 'create' || r.outcome === 'update')).toEqual(
      [],
    )

    const changed = shaped(
      (
        await importCsv(
          token,
          `${header}\r\nbulk1,bulk1@acme.example,Renamed,"Person, 1",staff,users:read:org`,
          false,
        )
      ).body,
      ImportResult,
    )
    expect(changed.results).toMatchObject([{ line: 2, outcome: 'update', changes: ['first_name'] }])
  })

  it('imports all rows or none: one refused row and nothing is written, answered per row', async () => {
    const token = await server().login(ORGADMIN)
    const csv = [
      header,
      'whole0,whole0@acme.example,Whole,Zero,staff,users:read:org',
      'whole1,not-an-email,Whole,One,staff,users:read:org',
      'whole2,whole2@acme.example,Whole,Two,staff,no:such:permission',
    ].join('\r\n')
    const refused = shaped((await importCsv(token, csv, false, 'all')).body, ImportResult)
    expect([refused.dry_run, refused.rows, refused.written]).toEqual([false, 'all', false])
    expect(refused.results.map((r) => [r.line, r.outcome, r.error?.field, r.user_id])).toEqual([
      [2, 'create', undefined, null],
      [3, 'error', 'email', null],
      [4, 'error', 'permissions', null],
    ])
    const none = await server().request('GET', '/org/v1/users?search=whole', { token })
    expect((none.body as { recordsFiltered: number }).recordsFiltered).toBe(0)

    const valid = csv.split('\r\n').slice(0, 2).join('\r\n')
    const all = shaped((await importCsv(token, valid, false, 'all')).body, ImportResult)
    expect([all.written, all.results[0]?.outcome]).toEqual([true, 'create'])
    expect(all.results[0]?.user_id).toEqual(expect.any(Number))
    const again = shaped((await importCsv(token, valid, false, 'all')).body, ImportResult)
    expect([again.written, again.results[0]?.outcome]).toEqual([true, 'unchanged'])

    const defaulted = await server().request('POST', '/org/v1/users/import?dry_run=false', {
      token,
      body: csv,
      type: 'text/csv',
    })
    expect(shaped(defaulted.body, ImportResult).written).toBe(false)
    const wrong = await importCsv(token, csv, false, 'some' as 'all')
    expect([wrong.status, shaped(wrong.body, ErrorBody).field]).toEqual([400, 'rows'])
  })

  it('reads the users export back: its headers, in German too, and its read-only columns', async () => {
    const token = await server().login(ADMIN)
    const exported = await server().request('GET', '/org/v1/users/export.csv?search=orgadmin', {
      token,
      headers: { 'accept-language': 'de' },
    })
    const dry = shaped((await importCsv(token, String(exported.body), true)).body, ImportResult)
    expect(dry.results.map((r) => r.outcome)).toEqual(['unchanged'])
  })

  it('adds people to the groups its `groups` column names, never out of one, and reads its export back', async () => {
    const token = await server().login(ORGADMIN)
    const create = (name: string) =>
      server().request('POST', '/access/v1/groups', { token, json: { name } })
    const [front, night] = await Promise.all([create('Front desk'), create('Night watch')])
    const frontId = (front.body as { group_id: number }).group_id
    const nightId = (night.body as { group_id: number }).group_id
    const head = `${header},groups`
    const csv = [
      head,
      'grouped1,grouped1@acme.example,G,One,staff,users:read:org,Front desk; NIGHT WATCH',
      'grouped2,grouped2@acme.example,G,Two,staff,users:read:org,front desk',
      'grouped3,grouped3@acme.example,G,Three,staff,users:read:org,Front desk; Day shift',
      // An existing user whose only change is a group.
      'staff,staff@demo.local,,,,,Night watch',
    ].join('\r\n')
    const dry = shaped((await importCsv(token, csv, true)).body, ImportResult)
    expect(dry.results.map((r) => [r.line, r.outcome, r.error?.field, r.error?.params])).toEqual([
      [2, 'create', undefined, undefined],
      [3, 'create', undefined, undefined],
      [4, 'error', 'groups', { groups: 'Day shift' }],
      [5, 'update', undefined, undefined],
    ])
    expect(dry.results[3]?.changes).toEqual(['groups'])
    const applied = shaped((await importCsv(token, csv, false)).body, ImportResult)
    expect(applied.written).toBe(true)
    const members = async (id: number) =>
      (
        (await server().request('GET', `/access/v1/groups/${id}/members`, { token })).body as {
          data: { email: string }[]
        }
      ).data.map((m) => m.email)
    expect(await members(frontId)).toEqual(['grouped1@acme.example', 'grouped2@acme.example'])
    expect(await members(nightId)).toEqual(['grouped1@acme.example', 'staff@demo.local'])
    const journal = await server().request(
      'GET',
      '/org/v1/journal?target_type=group_member&search=grouped&length=10',
      { token },
    )
    expect((journal.body as { recordsFiltered: number }).recordsFiltered).toBe(3)

    // A row naming fewer groups takes nobody out; the export names them all and reads back as is.
    const fewer = 'username,email,groups\r\ngrouped1,grouped1@acme.example,Night watch'
    const kept = shaped((await importCsv(token, fewer, false)).body, ImportResult)
    expect(kept.results.map((r) => r.outcome)).toEqual(['unchanged'])
    expect(await members(frontId)).toContain('grouped1@acme.example')
    const exported = await server().request('GET', '/org/v1/users/export.csv?search=grouped', {
      token,
      headers: { 'accept-language': 'de' },
    })
    const text = String(exported.body)
    expect(text.split('\r\n')[0]).toContain(',Gruppen,')
    expect(text).toContain('Front desk; Night watch')
    const again = shaped((await importCsv(token, text, true)).body, ImportResult)
    expect(again.results.map((r) => r.outcome)).toEqual(['unchanged', 'unchanged'])

    // Adding to groups takes the groups' update permission in the user's organization.
    const admin = await server().login(ADMIN)
    const me = shaped((await server().request('GET', '/org/v1/users/me', { token })).body, Me)
    const narrow = await server().request<{ user_id: number }>('POST', '/org/v1/users', {
      token: admin,
      json: {
        username: 'importer',
        email: 'importer@acme.example',
        roles: ['staff'],
        permissions: ['users:read:org', 'users:create:org', 'groups:read:org'],
        organization_id: me.organization_id,
      },
    })
    expect(narrow.status).toBe(201)
    await server().request('POST', '/notify', {
      token: admin,
      json: { workflow: 'first_password_email', user_id: narrow.body.user_id },
    })
    await server().request('POST', '/org/v1/users/password-reset', {
      json: { token: await latestToken(server(), 'importer@acme.example'), new_password: PASSWORD },
    })
    const refused = shaped(
      (
        await importCsv(
          await server().login('importer'),
          'username,email,roles,permissions,groups\r\ngrouped4,grouped4@acme.example,auditor,users:read:org,Front desk',
          true,
        )
      ).body,
      ImportResult,
    )
    expect(refused.results[0]?.error).toMatchObject({ error: 'forbidden', field: 'groups' })
  })

  it('keeps an org admin to their organization', async () => {
    const token = await server().login(ORGADMIN)
    const me = shaped((await server().request('GET', '/org/v1/users/me', { token })).body, Me)
    const other = me.organization_id === 1 ? 2 : 1
    const csv = `username,email,roles,permissions,organization_id\r\nelsewhere,elsewhere@x.example,staff,users:read:org,${other}`
    const dry = shaped((await importCsv(token, csv, true)).body, ImportResult)
    expect(dry.results).toMatchObject([
      { line: 2, outcome: 'error', error: { error: 'not_found' } },
    ])
  })

  it('refuses bad files whole with a clear 4xx, never a 5xx', async () => {
    const token = await server().login(ADMIN)
    const refusal = async (
      body: string | Uint8Array<ArrayBuffer>,
      status = 400,
      type = 'text/csv',
    ) => {
      const reply = await server().request('POST', '/org/v1/users/import?dry_run=true', {
        token,
        body,
        type,
      })
      expect(reply.status).toBe(status)
      return shaped(reply.body, ErrorBody).message
    }
    expect(await refusal(new Uint8Array([0x75, 0x73, 0xff, 0xfe, 0x0a]))).toMatch(/UTF-8/)
    expect(await refusal(`${header}\r\n"open,quote@x.example,a,b,staff,users:read:org`)).toMatch(
      /not valid CSV/,
    )
    expect(await refusal('username,email,shoe_size\r\na,a@x.example,44')).toMatch(/shoe_size/)
    expect(await refusal('first_name\r\nNobody')).toMatch(/username/)
    expect(await refusal('{}', 415, 'application/json')).toMatch(/text\/csv/)
    expect(await refusal(`${header}\r\n${'x'.repeat(2 * 1024 * 1024)}`, 413)).toMatch(/larger/)
    const many = [header, ...rows(0, 10_001)].join('\r\n')
    expect(await refusal(many)).toMatch(/10001 rows; the import takes 10000 at most/)
    // 1.5 MiB: past the API's 1 MiB for a JSON body, within the users import's 2 MiB.
    const notes = 'n'.repeat(110)
    const large = [`${header},notes`, ...rows(0, 9_000).map((row) => `${row},${notes}`)].join(
      '\r\n',
    )
    expect(large.length).toBeGreaterThan(1.5 * 1024 * 1024)
    const judged = await server().request('POST', '/org/v1/users/import?dry_run=true', {
      token,
      body: large,
      type: 'text/csv',
    })
    expect(judged.status).toBe(200)
    expect(shaped(judged.body, ImportResult).results).toHaveLength(9_000)
    const auditor = await server().login(AUDITOR)
    const denied = await importCsv(auditor, header, true)
    expect(denied.status).toBe(403)
  })

  it('reports a row with extra or missing cells on its line', async () => {
    const token = await server().login(ADMIN)
    const csv = `${header}\r\nshort,short@acme.example\r\n${rows(20, 21)[0]}`
    const dry = shaped((await importCsv(token, csv, true)).body, ImportResult)
    expect(dry.results.map((r) => [r.line, r.outcome])).toEqual([
      [2, 'error'],
      [3, 'create'],
    ])
    expect(dry.results[0]?.error?.message).toMatch(/2 cells; the header has 6/)
  })

  it('redoes a batch the database refuses row by row: only the refused row fails', async () => {
    const token = await server().login(ORGADMIN)
    const db = server().running.handle.services.db
    // Another session's claim the judging could not see: the database refuses one name.
    await db.query(`create function refuse_batch3() returns trigger language plpgsql as $$
      begin
        if new.username = 'batch3' then
          raise exception 'taken' using errcode = 'unique_violation', constraint = 'users_username';
        end if;
        return new;
      end $$`)
    await db.query(`create trigger refuse_batch3 before insert on users
      for each row execute function refuse_batch3()`)
    try {
      const csv = [header, ...rows(0, 6).map((r) => r.replaceAll('bulk', 'batch'))].join('\r\n')
      const dry = shaped((await importCsv(token, csv, true)).body, ImportResult)
      expect(dry.results.every((r) => r.outcome === 'create')).toBe(true)
      const applied = shaped((await importCsv(token, csv, false)).body, ImportResult)
      expect(applied.results.map((r) => [r.line, r.outcome, r.error?.field])).toEqual([
        [2, 'create', undefined],
        [3, 'create', undefined],
        [4, 'create', undefined],
        [5, 'error', 'username'],
        [6, 'create', undefined],
        [7, 'create', undefined],
      ])
      const list = await server().request('GET', '/org/v1/users?search=batch', { token })
      expect((list.body as { recordsFiltered: number }).recordsFiltered).toBe(5)
    } finally {
      await db.query('drop trigger refuse_batch3 on users')
      await db.query('drop function refuse_batch3()')
    }
  })

  it('answers in the dry run exactly what the import then does, renames and clashes included', async () => {
    const token = await server().login(ORGADMIN)
    let run = 0
    // Rows over a few names, some of them users already: creates, updates (renames too),
    // unchanged rows, duplicates, two users in one row, and roles the org admin cannot grant.
    const row = fc.record({
      user: fc.nat(4),
      mail: fc.nat(5),
      first: fc.constantFrom('Ann', 'Bo', ''),
      role: fc.constantFrom('staff', 'staff', 'admin'),
      disabled: fc.constantFrom('', 'no', 'yes'),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 8 }), async (drawn) => {
        const p = `prop${++run}x`
        const seeded = [0, 1, 2].map(
          (i) => `${p}u${i},${p}u${i}@acme.example,Ann,Seed,staff,users:read:org,no`,
        )
        const head = `${header},disabled`
        const seed = shaped(
          (await importCsv(token, [head, ...seeded].join('\r\n'), false)).body,
          ImportResult,
        )
        expect(seed.written).toBe(true)
        const csv = [
          head,
          ...drawn.map(
            (r) =>
              `${p}u${r.user},${p}u${r.mail}@acme.example,${r.first},Drawn,${r.role},users:read:org,${r.disabled}`,
          ),
        ].join('\r\n')
        const answer = (result: ImportResult) =>
          result.results.map((r) => [r.line, r.outcome, r.changes, r.error?.field, r.error?.rule])
        const dry = shaped((await importCsv(token, csv, true)).body, ImportResult)
        const applied = shaped((await importCsv(token, csv, false)).body, ImportResult)
        expect(answer(applied)).toEqual(answer(dry))
        const again = shaped((await importCsv(token, csv, true)).body, ImportResult)
        for (const r of again.results)
          expect(['unchanged', 'error', 'create', 'update']).toContain(r.outcome)
        const written = applied.results.filter(
          (r) => r.outcome === 'update' || r.outcome === 'create',
        )
        const lines = new Set(written.map((r) => r.line))
        expect(again.results.filter((r) => lines.has(r.line)).map((r) => r.outcome)).toEqual(
          written.map(() => 'unchanged'),
        )
      }),
      { numRuns: 15 },
    )
  })
})
