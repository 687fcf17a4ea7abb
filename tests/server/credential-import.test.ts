import { CredentialDetail } from '../../src/contract/lock-sync'
import { describe, expect, it } from 'vitest'
import { CredentialImportResult } from '../../src/contract/credential-import'
import { Credential } from '../../src/contract/credentials'
import { ErrorBody } from '../../src/contract/errors'
import { Door, Location } from '../../src/contract/locations'
import { listOf } from '../../src/contract/list'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, shaped, STAFF, useServer } from './helpers'

const server = useServer()

async function importCsv(token: string, csv: string, dryRun: boolean, rows = 'valid') {
  return server().request('POST', `/access/v1/credentials/import?dry_run=${dryRun}&rows=${rows}`, {
    token,
    body: csv,
    type: 'text/csv',
  })
}

async function acmeDoor(token: string) {
  const page = (await server().request('GET', '/sbm/v1/doors?length=1', { token })).body
  const door = shaped(page, listOf(Door)).data[0]
  if (!door) throw new Error('no door')
  return door
}

const header =
  'user_email,assignment_type,assignment_id,start_datetime,end_datetime,permanent,exclusive,repetition'

describe('POST /access/v1/credentials/import', () => {
  it('dry-runs without writing, imports the valid rows, and changes nothing the second time', async () => {
    const token = await server().login(ORGADMIN)
    const door = await acmeDoor(token)
    const csv = [
      header,
      `staff@demo.local,door,${door.door_id},2031-01-05T08:00:00Z,2031-01-12T08:00:00Z,no,no,weekly: mon; wed`,
      `auditor@demo.local,door,${door.door_id},2031-01-05T08:00:00Z,,yes,no,daily`,
      `nobody@nowhere.example,door,${door.door_id},2031-01-05T08:00:00Z,2031-01-06T08:00:00Z,no,no,`,
      `staff@demo.local,door,${door.door_id},2031-02-05T08:00:00Z,2031-02-01T08:00:00Z,no,no,`,
      `staff@demo.local,door,999999,2031-01-05T08:00:00Z,2031-01-06T08:00:00Z,no,no,`,
      `staff@demo.local,door,${door.door_id},2031-03-01T08:00:00Z,2031-03-02T08:00:00Z,no,no,weekly: someday`,
    ].join('\r\n')
    const outcomes = (result: CredentialImportResult) =>
      result.results.map((r) => [r.line, r.outcome, r.error?.field, r.error?.rule])
    const expected = [
      [2, 'create', undefined, undefined],
      [3, 'create', undefined, undefined],
      [4, 'error', 'user_email', 'invalid'],
      [5, 'error', 'end_datetime', 'end_before_start'],
      [6, 'error', undefined, undefined],
      [7, 'error', 'repetition.weekdays.0', expect.any(String)],
    ]
    const before = shaped(
      (await server().request('GET', '/access/v1/credentials?length=1', { token })).body,
      listOf(Credential),
    ).recordsTotal
    const dry = shaped((await importCsv(token, csv, true)).body, CredentialImportResult)
    expect([dry.dry_run, dry.written]).toEqual([true, false])
    expect(outcomes(dry)).toEqual(expected)
    expect(dry.results[4]?.error?.error).toBe('not_found')
    const after = async () =>
      shaped(
        (await server().request('GET', '/access/v1/credentials?length=1', { token })).body,
        listOf(Credential),
      ).recordsTotal
    expect(await after()).toBe(before)

    const applied = shaped((await importCsv(token, csv, false)).body, CredentialImportResult)
    expect([applied.written, ...outcomes(applied)]).toEqual([true, ...expected])
    expect(await after()).toBe(before + 2)
    const made = shaped(
      (
        await server().request(
          'GET',
          `/access/v1/credentials/${applied.results[0]?.credential_id}`,
          {
            token,
          },
        )
      ).body,
      CredentialDetail,
    )
    expect([made.user_email, made.repetition, made.end_datetime]).toEqual([
      'staff@demo.local',
      { type: 'weekly', weekdays: ['mon', 'wed'] },
      '2031-01-12T08:00:00.000Z',
    ])

    const again = shaped((await importCsv(token, csv, false)).body, CredentialImportResult)
    expect(again.results.slice(0, 2).map((r) => [r.outcome, r.credential_id])).toEqual(
      applied.results.slice(0, 2).map((r) => ['unchanged', r.credential_id]),
    )
    expect(await after()).toBe(before + 2)
  })

  it('reads its own export back, and updates the credential a row names by id', async () => {
    const token = await server().login(ORGADMIN)
    const door = await acmeDoor(token)
    const created = shaped(
      (
        await importCsv(
          token,
          `${header}\r\nstaff@demo.local,door,${door.door_id},2032-06-01T08:00:00Z,2032-06-08T08:00:00Z,no,no,`,
          false,
        )
      ).body,
      CredentialImportResult,
    ).results[0]?.credential_id
    const exported = await server().request(
      'GET',
      `/access/v1/credentials/export.csv?search=${created}`,
      { token, headers: { 'accept-language': 'de' } },
    )
    const file = String(exported.body)
    const dry = shaped((await importCsv(token, file, true)).body, CredentialImportResult)
    expect(dry.results.map((r) => [r.outcome, r.credential_id])).toEqual([['unchanged', created]])

    const moved = `credential_id,end_datetime\r\n${created},2032-06-15T08:00:00Z`
    const update = shaped((await importCsv(token, moved, false)).body, CredentialImportResult)
    expect(update.results).toMatchObject([
      { outcome: 'update', changes: ['end_datetime'], credential_id: created },
    ])
    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=credential&target_id=${created}&length=10`,
      { token },
    )
    expect((journal.body as { data: { action: string }[] }).data.map((r) => r.action)).toEqual([
      'update',
      'create',
    ])
  })

  it('keeps each caller to their organization and permissions', async () => {
    const globex = await server().login(GLOBEX)
    const door = await acmeDoor(await server().login(ORGADMIN))
    const foreign = `${header}\r\nglobexadmin@demo.local,door,${door.door_id},2031-01-05T08:00:00Z,2031-01-06T08:00:00Z,no,no,`
    const dry = shaped((await importCsv(globex, foreign, true)).body, CredentialImportResult)
    expect(dry.results[0]?.error?.error).toBe('not_found')
    for (const who of [STAFF, AUDITOR]) {
      const refused = await importCsv(await server().login(who), foreign, true)
      expect(refused.status).toBe(403)
    }
    const admin = await server().login(ADMIN)
    const byId = `credential_id,end_datetime\r\n999999,2031-01-06T08:00:00Z`
    const missing = shaped((await importCsv(admin, byId, true)).body, CredentialImportResult)
    expect(missing.results[0]?.error?.error).toBe('not_found')
  })

  it('refuses bad files whole with a clear 4xx, and a row without its user on its line', async () => {
    const token = await server().login(ADMIN)
    const bad = await importCsv(token, 'user_email,shoe_size\r\na,44', true)
    expect([bad.status, shaped(bad.body, ErrorBody).message]).toEqual([
      400,
      expect.stringMatching(/shoe_size/),
    ])
    const noTarget = await importCsv(token, 'user_email,start_datetime\r\na,2031-01-01', true)
    expect(shaped(noTarget.body, ErrorBody).message).toMatch(/assignment_type/)
    const location = shaped(
      (await server().request('GET', '/sbm/v1/locations?length=1', { token })).body,
      listOf(Location),
    ).data[0]
    const nobody = `assignment_type,assignment_id,start_datetime,permanent\r\nlocation,${location?.location_id},2031-01-01T00:00:00Z,yes`
    const dry = shaped((await importCsv(token, nobody, true)).body, CredentialImportResult)
    expect(dry.results).toMatchObject([
      { line: 2, outcome: 'error', error: { field: 'user_email', rule: 'required' } },
    ])
    // Its own limits, smaller than the users import's: 5,000 rows and 1 MiB.
    const header = 'user_email,assignment_type,assignment_id,start_datetime,permanent'
    const row = `staff@demo.local,location,${location?.location_id},2031-01-01T00:00:00Z,yes`
    const many = await importCsv(
      token,
      [header, ...Array.from({ length: 5_001 }, () => row)].join('\r\n'),
      true,
    )
    expect([many.status, shaped(many.body, ErrorBody).message]).toEqual([
      400,
      'The file has 5001 rows; the import takes 5000 at most.',
    ])
    const large = await importCsv(token, `${header}\r\n${'x'.repeat(1024 * 1024)}`, true)
    expect(large.status).toBe(413)
  })
})
