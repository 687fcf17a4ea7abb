import fc from 'fast-check'
import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import type { Struct } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { AuditPage, auditSortKeys } from '../../src/contract/audits'
import { Credential, credentialSortKeys } from '../../src/contract/credentials'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { Organization } from '../../src/contract/organizations'
import { Me, User, userSortKeys } from '../../src/contract/users'
import { userListSpec } from '../../server/routes/users'
import { credentialListSpec } from '../../server/routes/credentials'
import type { ListSpec } from '../../server/http/list'
import { csvBatch, keysetBatch, type KeysetMark } from '../../server/http/list-keyset'
import { boundedSpec } from '../../server/db/audit-pages'
import { csvRecord, type CsvCell } from '../../server/http/csv-export'
import { scopeTotal } from '../../server/db/audit-paging'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

const server = useServer()

/** The file's text, its records (header first) and the answer's headers. */
async function exportOf(path: string, token: string, headers: Record<string, string> = {}) {
  const reply = await server().request('GET', path, { token, headers })
  expect(reply.status).toBe(200)
  const text = String(reply.body)
  const records: string[][] = parse(text, { bom: true })
  return { text, records, headers: reply.headers }
}

const column = (records: string[][], header: string) => {
  const index = records[0]?.indexOf(header) ?? -1
  expect(index).toBeGreaterThanOrEqual(0)
  return records.slice(1).map((record) => record[index])
}

// Cells a spreadsheet would run as a formula, and cells that test the quoting itself.
const hostile = [
  '=HYPERLINK("http://evil.example","click")',
  '+1 dial',
  '-2+3',
  '@SUM(A1)',
  '\tTabbed',
  'Smith, "Junior"',
]

describe('CSV export of every list', () => {
  it('answers a UTF-8 CSV file named for what and when, in the list’s order', async () => {
    const token = await server().login(ADMIN)
    const { text, records, headers } = await exportOf(
      '/org/v1/organizations/export.csv?order_by=name&order_direction=asc',
      token,
    )
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="organizations-\d{8}-\d{6}\.csv"$/,
    )
    expect(headers.get('cache-control')).toBe('no-store')
    expect(text.split('\r\n')[0]).toBe('Organization ID,Name,Description,Clients,Created')
    // fetch's text() drops the byte order mark; the bytes keep it.
    const raw = await fetch(`${server().url}/org/v1/organizations/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const list = shaped(
      (
        await server().request(
          'GET',
          '/org/v1/organizations?order_by=name&order_direction=asc&length=500',
          { token },
        )
      ).body,
      listOf(Organization),
    )
    expect(column(records, 'Name')).toEqual(list.data.map((o) => o.name))
    expect(column(records, 'Organization ID')).toEqual(
      list.data.map((o) => String(o.organization_id)),
    )
  })

  it('defuses formulas and quotes hostile names seeded through the API', async () => {
    const token = await server().login(ADMIN)
    const stored: Organization[] = []
    for (const [index, name] of hostile.entries()) {
      const created = await server().request('POST', '/org/v1/organizations', {
        token,
        // The name is trimmed on save, so the tab goes first in the description.
        json: { name, description: `${name}\r\nline "two", ${index}`, client_ids: [`h-${index}`] },
      })
      expect(created.status).toBe(201)
      stored.push(shaped(created.body, Organization))
    }
    const { records } = await exportOf('/org/v1/organizations/export.csv', token)
    const defused = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell)
    for (const organization of stored) {
      const record = records.find((r) => r[0] === String(organization.organization_id))
      expect(record?.[1]).toBe(defused(organization.name))
      expect(record?.[2]).toBe(defused(organization.description))
    }
    expect(records.some((r) => r[2]?.startsWith('\'\tTabbed\r\nline "two", 4'))).toBe(true)
    expect(records.some((r) => r[1] === '\'=HYPERLINK("http://evil.example","click")')).toBe(true)
  })

  it('names the headers in the language asked for, English otherwise', async () => {
    const token = await server().login(ADMIN)
    const de = await exportOf('/org/v1/users/export.csv', token, {
      'accept-language': 'fr;q=1, de-DE;q=0.9, en;q=0.5',
    })
    expect(de.records[0]?.slice(0, 3)).toEqual(['Benutzer-ID', 'Benutzername', 'E-Mail'])
    expect(column(de.records, 'Deaktiviert').every((v) => v === 'ja' || v === 'nein')).toBe(true)
    const fallback = await exportOf('/org/v1/users/export.csv', token, {
      'accept-language': 'fr',
    })
    expect(fallback.records[0]?.slice(0, 3)).toEqual(['User ID', 'Username', 'E-mail'])
  })

  it("writes a user's groups in one cell, separated by '; ', as the users import reads them", async () => {
    const token = await server().login(ORGADMIN)
    const group = await server().request<{ group_id: number }>('POST', '/access/v1/groups', {
      token,
      json: { name: 'Archive keys' },
    })
    const clara = await server().request<{ data: { user_id: number }[] }>(
      'GET',
      '/org/v1/users?search=clara.weber',
      { token },
    )
    await server().request('POST', `/access/v1/groups/${group.body.group_id}/members`, {
      token,
      json: { members: [{ user_id: clara.body.data[0]?.user_id }] },
    })
    const { records } = await exportOf('/org/v1/users/export.csv?search=clara.weber', token)
    expect(column(records, 'Groups')).toEqual(['Archive keys; Reception team'])
    const { records: none } = await exportOf('/org/v1/users/export.csv?search=orgadmin', token)
    expect(column(none, 'Groups')).toEqual([''])
  })

  it('keeps an org admin to their organization and refuses readers without the permission', async () => {
    const orgadmin = await server().login(ORGADMIN)
    const me = shaped(
      (await server().request('GET', '/org/v1/users/me', { token: orgadmin })).body,
      Me,
    )
    for (const path of [
      '/org/v1/users/export.csv',
      '/sbm/v1/locations/export.csv',
      '/sbm/v1/devices/export.csv',
      '/access/v1/credentials/export.csv',
      '/org/v1/organizations/export.csv',
    ]) {
      const { records } = await exportOf(path, orgadmin)
      expect(records.length).toBeGreaterThan(1)
      expect(new Set(column(records, 'Organization ID'))).toEqual(
        new Set([String(me.organization_id)]),
      )
    }
    const users = await exportOf('/org/v1/users/export.csv', orgadmin)
    expect(column(users.records, 'Username')).not.toContain(GLOBEX.split('@')[0])
    const auditor = await server().login(AUDITOR)
    expect(
      (await server().request('GET', '/org/v1/users/export.csv', { token: auditor })).status,
    ).toBe(403)
    const staff = await server().login(STAFF)
    expect(
      (await server().request('GET', '/sbm/v1/devices/audit/export.csv', { token: staff })).status,
    ).toBeLessThan(500)
    expect((await server().request('GET', '/org/v1/users/export.csv')).status).toBe(401)
  })

  it('exports the audit log with the screen’s search and sort, every matching row', async () => {
    const token = await server().login(ADMIN)
    for (const view of ['search=failure', 'order_by=device_name&order_direction=asc', '']) {
      const list = shaped(
        (await server().request('GET', `/sbm/v1/devices/audit?length=500&${view}`, { token })).body,
        AuditPage,
      )
      const { records } = await exportOf(`/sbm/v1/devices/audit/export.csv?${view}`, token)
      expect(records.length - 1).toBe(list.recordsFiltered)
      expect(column(records, 'Entry ID')).toEqual(list.data.map((a) => String(a.audit_id)))
    }
    const failures = await exportOf('/sbm/v1/devices/audit/export.csv?search=failure', token)
    expect(new Set(column(failures.records, 'Result'))).toEqual(new Set(['Failure']))
  })

  it('exports the devices with their filters, the credentials and the journal', async () => {
    const token = await server().login(ADMIN)
    const offline = await exportOf('/sbm/v1/devices/export.csv?connected=false', token)
    expect(new Set(column(offline.records, 'Connected'))).toEqual(new Set(['no']))
    const credentials = await exportOf('/access/v1/credentials/export.csv', token)
    expect(credentials.records[0]).not.toContain('PIN')
    expect(credentials.text).not.toMatch(/"pin"/)
    const journal = await exportOf('/org/v1/journal/export.csv?search=sign', token)
    expect(column(journal.records, 'Action').length).toBeGreaterThan(0)
    const refused = await server().request('GET', '/org/v1/journal/export.csv?about_type=user', {
      token,
    })
    expect(refused.status).toBe(400)
  })
})

// The audit log's words as a reader of each language sees them on the screen.
const auditWords = {
  en: {
    commands: {
      lock: 'Lock',
      unlock: 'Unlock',
      force_unlock: 'Force unlock',
      calibrate: 'Calibrate',
      create_pin: 'Create PIN',
      pin_entry: 'PIN entry',
      connect: 'Connected',
      disconnect: 'Disconnected',
      battery: 'Battery report',
      door_held_open: 'Door held open',
      door_forced_open: 'Door forced open',
      door_closed: 'Door closed',
    },
    success: 'Success',
    failure: 'Failure',
  },
  de: {
    commands: {
      lock: 'Verriegeln',
      unlock: 'Entriegeln',
      force_unlock: 'Zwangsentriegeln',
      calibrate: 'Kalibrieren',
      create_pin: 'PIN erstellen',
      pin_entry: 'PIN-Eingabe',
      connect: 'Verbunden',
      disconnect: 'Getrennt',
      battery: 'Batteriemeldung',
      door_held_open: 'Tür offen gehalten',
      door_forced_open: 'Tür aufgebrochen',
      door_closed: 'Tür geschlossen',
    },
    success: 'Erfolgreich',
    failure: 'Fehlgeschlagen',
  },
}

/** Every row of `spec` in `size`-row keyset batches, as the export reads them. */
async function walk<K extends string, R extends object>(
  spec: ListSpec<K>,
  order: { order_by: K; order_direction: 'asc' | 'desc' },
  size: number,
): Promise<R[]> {
  const walked: R[] = []
  let mark: KeysetMark | null = null
  do {
    const batch: { rows: R[]; mark: KeysetMark | null } = await keysetBatch<K, R>(
      server().running.handle.services.db,
      spec,
      { ...order, search: '' },
      mark,
      size,
    )
    walked.push(...batch.rows)
    mark = batch.mark
  } while (mark !== null)
  return walked
}

/** The list's own rows for the same order, one page of up to 500. */
async function listed<T, S>(path: string, struct: Struct<T, S>, token: string) {
  return shaped((await server().request('GET', `${path}&length=500`, { token })).body, struct)
}

describe('keyset batches', () => {
  it('walk every order in small batches with the rows of the list, ties included', async () => {
    const token = await server().login(ADMIN)
    for (const order_by of userSortKeys) {
      for (const order_direction of ['asc', 'desc'] as const) {
        const query = `order_by=${order_by}&order_direction=${order_direction}`
        const list = await listed(`/org/v1/users?${query}`, listOf(User), token)
        const walked = await walk<(typeof userSortKeys)[number], User>(
          userListSpec(null),
          { order_by, order_direction },
          3,
        )
        expect(walked.map((u) => u.user_id)).toEqual(list.data.map((u) => u.user_id))
      }
    }
  })

  it('walk a column with nulls (a permanent credential has no end) both ways', async () => {
    const [permanent] = await server().running.handle.services.db.query<{ n: number }>(
      'select count(*)::int as n from credentials where end_datetime is null',
    )
    expect(permanent?.n).toBeGreaterThan(0)
    const token = await server().login(ADMIN)
    for (const order_direction of ['asc', 'desc'] as const) {
      const query = `order_by=end_datetime&order_direction=${order_direction}`
      const list = await listed(`/access/v1/credentials?${query}`, listOf(Credential), token)
      const walked = await walk<(typeof credentialSortKeys)[number], Credential>(
        credentialListSpec(null),
        { order_by: 'end_datetime', order_direction },
        2,
      )
      expect(walked.map((c) => c.credential_id)).toEqual(list.data.map((c) => c.credential_id))
    }
  })

  it('walk the audit log as records the database writes, in every order', async () => {
    const token = await server().login(ADMIN)
    const db = server().running.handle.services.db
    const upto = await scopeTotal(db, null)
    for (const order_by of auditSortKeys) {
      for (const order_direction of ['asc', 'desc'] as const) {
        const query = `order_by=${order_by}&order_direction=${order_direction}`
        const list = await listed(`/sbm/v1/devices/audit?${query}`, AuditPage, token)
        let text = ''
        let mark: KeysetMark | null = null
        do {
          const batch: { text: string; mark: KeysetMark | null } = await csvBatch(
            db,
            boundedSpec(null, upto),
            { order_by, order_direction, search: '' },
            mark,
            7,
            () => `concat(b.audit_id, E'\\r\\n')`,
          )
          text += batch.text
          mark = batch.mark
        } while (mark !== null)
        expect(text).toBe(list.data.map((a) => `${a.audit_id}\r\n`).join(''))
      }
    }
  })
})

describe('the audit log’s file', () => {
  it('shows every row as the list does: its time, names and words', async () => {
    const token = await server().login(ADMIN)
    for (const [view, language, words] of [
      ['order_by=device_name&order_direction=asc', 'en', auditWords.en],
      ['search=failure', 'de', auditWords.de],
    ] as const) {
      const list = await listed(`/sbm/v1/devices/audit?${view}`, AuditPage, token)
      const { records } = await exportOf(`/sbm/v1/devices/audit/export.csv?${view}`, token, {
        'accept-language': language,
      })
      const cell = (value: string | number | null) => (value === null ? '' : String(value))
      expect(records.slice(1)).toEqual(
        list.data.map((a) => [
          cell(a.audit_id),
          a.created_at,
          cell(a.device_id),
          a.device_name,
          words.commands[a.command],
          words[a.result],
          cell(a.user_id),
          cell(a.actor_email),
          cell(a.detail),
          cell(a.organization_id),
        ]),
      )
    }
  })

  it('defuses formulas and quotes hostile device names', async () => {
    const token = await server().login(ADMIN)
    const [device] = await server().running.handle.services.db.query<{ device_id: number }>(
      `select device_id from devices where 'remotely_lock' = any(capabilities)
       order by device_id limit 1`,
    )
    const path = `/sbm/v1/devices/${device?.device_id}`
    const stored: string[] = []
    for (const name of hostile) {
      const renamed = await server().request('PUT', path, { token, json: { name } })
      expect(renamed.status).toBe(200)
      stored.push(shaped(renamed.body, Device).name)
      await server().request('POST', `/access/v1/devices/${device?.device_id}/control/lock`, {
        token,
      })
    }
    const { records } = await exportOf(
      `/sbm/v1/devices/audit/export.csv?device_id=${device?.device_id}`,
      token,
    )
    const names = column(records, 'Device')
    for (const name of stored) expect(names).toContain(/^[=+\-@\t]/.test(name) ? `'${name}` : name)
    expect(names).toContain('\'=HYPERLINK("http://evil.example","click")')
  })

  it('writes a text cell in the database as csvRecord does', async () => {
    const db = server().running.handle.services.db
    const text = fc.string({ unit: 'grapheme' }).map((t) => t.replaceAll('\u0000', ''))
    const edgy = fc.constantFrom(...hostile, '', '\r', '\n', '"', ',', '\uFF1D1', '\uFF201', "'x")
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(text, edgy), { minLength: 1, maxLength: 8 }),
        async (cells) => {
          const [row] = await db.query<{ line: string }>(
            `select concat_ws(',', variadic array(select csv_cell(c) from unnest($1::text[]) c)) || E'\\r\\n' as line`,
            [cells],
          )
          expect(row?.line).toBe(csvRecord(cells))
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('csvRecord', () => {
  it('writes every cell as csv-stringify does with escape_formulas and CRLF', () => {
    const cells: CsvCell[] = [
      ...hostile,
      '',
      'plain',
      'a\nb',
      'a\rb',
      'a\r\nb',
      '\rfirst',
      '"quoted"',
      ' spaced ',
      'ＡＢ',
      '\uFF1D1+1',
      '\uFF0B1',
      '\uFF0D1',
      '\uFF20x',
      "'already",
      'Ünïcödé, ✓',
      0,
      -1,
      -2.5,
      1e21,
      12345678901234,
      true,
      false,
      null,
      undefined,
    ]
    // csv-stringify 6.9 with CRLF records leaves a lone CR or LF unquoted (RFC 4180 quotes it): below.
    const agreed = cells.filter(
      (cell) => !(typeof cell === 'string' && /\r(?!\n)|(?<!\r)\n/.test(cell)),
    )
    const rows = [agreed, [...agreed].reverse(), ['only'], [''], [-7, '-7', '@', '=']]
    const options = { escape_formulas: true, record_delimiter: 'windows' } as const
    expect(rows.map(csvRecord).join('')).toBe(stringify(rows, options))
  })

  it('quotes a lone CR or LF, so a reader cannot take it for the end of the record', () => {
    const text = csvRecord(['a\rb', '\rfirst', 'a\nb']) + csvRecord(['next', '', ''])
    expect(text).toBe(`"a\rb","'\rfirst","a\nb"\r\nnext,,\r\n`)
    expect(parse(text)).toEqual([
      ['a\rb', "'\rfirst", 'a\nb'],
      ['next', '', ''],
    ])
  })
})
