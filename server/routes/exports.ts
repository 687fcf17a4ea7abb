import type { TranslationFunctions } from '../../i18n/i18n-types'
import { exportPaths } from '../../src/contract/api-paths'
import { AuditListQuery, auditCommands } from '../../src/contract/audits'
import { CredentialListQuery, type Credential } from '../../src/contract/credentials'
import { DeviceListQuery } from '../../src/contract/devices'
import type { JournalEntry } from '../../src/contract/journal'
import { LocationListQuery, type Location } from '../../src/contract/locations'
import { OrganizationListQuery, type Organization } from '../../src/contract/organizations'
import { UserListQuery, type User } from '../../src/contract/users'
import type { Context, Handler } from 'hono'
import type { Struct } from 'superstruct'
import type { ListQuery } from '../../src/contract/list'
import type { Resource } from '../../src/contract/permissions'
import type { App, AppEnv, Services } from '../context'
import { searched, type ListSpec } from '../http/list'
import { requireFreshCheck } from '../auth/step-up'
import { STEP_UP_EXPORT_ROWS } from '../../src/contract/mfa'
import { narrow, scopeTotal } from '../db/audit-paging'
import { boundedSpec } from '../db/audit-pages'
import { csvResponse, type CsvCell, type CsvColumn, type SqlCsvColumn } from '../http/csv-export'
import { orgLimit, requireScope } from '../http/scope'
import { query } from '../http/validate'
import { credentialListSpec } from './credentials'
import type { DeviceRow } from './device-rows'
import { deviceListSpec } from './devices'
import { journalListSpec, journalQuery } from './journal'
import { locationListSpec } from './locations'
import { organizationListSpec } from './organizations'
import { userListSpec } from './users'

export type ColumnKey = keyof TranslationFunctions['csv']['columns']

/** A column headed by its `csv.columns` word; the import reads the same words back (docs/csv.md). */
export const column = <R>(
  key: ColumnKey,
  value: (row: R, LL: TranslationFunctions) => CsvCell,
): CsvColumn<R> => ({ header: (LL) => LL.csv.columns[key](), value })

/**
 * Words of the export's dictionary, looked up once per export: every `LL.a.b()` walks
 * typesafe-i18n's proxies anew, which per row of a million was a tenth of the export's time.
 */
const perExport = <T>(build: (LL: TranslationFunctions) => T) => {
  const cache = new WeakMap<TranslationFunctions, T>()
  return (LL: TranslationFunctions): T => {
    let words = cache.get(LL)
    if (words === undefined) cache.set(LL, (words = build(LL)))
    return words
  }
}
/** The word for a key of a dictionary branch (command, action, …), each key looked up once. */
export const wordOf = <B extends Record<string, () => string>>(
  branch: (LL: TranslationFunctions) => B,
) => {
  const memo = perExport(() => new Map<string, string>())
  return (LL: TranslationFunctions, key: keyof B & string): string => {
    const words = memo(LL)
    let word = words.get(key)
    if (word === undefined) words.set(key, (word = branch(LL)[key]()))
    return word
  }
}
const yesNoWords = perExport((LL) => ({ yes: LL.csv.yes(), no: LL.csv.no() }))
const yesNo = (value: boolean, LL: TranslationFunctions) =>
  value ? yesNoWords(LL).yes : yesNoWords(LL).no
const lockWords = perExport((LL) => ({
  locked: LL.devices.locked(),
  unlocked: LL.devices.unlocked(),
}))
const commandWord = wordOf((LL) => LL.audits.commands)
const resultWords = perExport((LL) => ({
  success: LL.audits.success(),
  failure: LL.audits.failure(),
}))
const actionWord = wordOf((LL) => LL.journal.actions)
const targetTypeWord = wordOf((LL) => LL.journal.targetTypes)
// Several values in one cell, as the import splits them (decision 053).
const several = (values: readonly string[]) => values.join('; ')

const organizationColumns: CsvColumn<Organization>[] = [
  column('organization_id', (o) => o.organization_id),
  column('name', (o) => o.name),
  column('description', (o) => o.description),
  column('client_ids', (o) => several(o.client_ids)),
  column('created_at', (o) => o.created_at),
]

/** A user with the names of their groups, as the users import reads them back (docs/csv.md). */
type ExportedUser = User & { groups: string[] }

const userExportSpec = (limit: number | null) => {
  const spec = userListSpec(limit)
  return {
    ...spec,
    select: `${spec.select},
      array(select g.name from group_members m join access_groups g using (group_id)
            where m.user_id = u.user_id order by lower(g.name), g.group_id) as groups`,
  }
}

// No password, token or PIN is selected for any list, so none can reach a file.
const userColumns: CsvColumn<ExportedUser>[] = [
  column('user_id', (u) => u.user_id),
  column('username', (u) => u.username),
  column('email', (u) => u.email),
  column('title', (u) => u.title),
  column('first_name', (u) => u.first_name),
  column('last_name', (u) => u.last_name),
  column('phone_number', (u) => u.phone_number),
  column('roles', (u) => several(u.roles)),
  column('permissions', (u) => several(u.permissions)),
  column('organization_id', (u) => u.organization_id),
  column('organization_name', (u) => u.organization_name),
  column('client_ids', (u) => several(u.client_ids)),
  column('groups', (u) => several(u.groups)),
  column('disabled', (u, LL) => yesNo(u.disabled, LL)),
  column('email_confirmed', (u, LL) => yesNo(u.email_confirmed, LL)),
  column('notes', (u) => u.notes),
  column('created_at', (u) => u.created_at),
]

const locationColumns: CsvColumn<Location>[] = [
  column('location_id', (l) => l.location_id),
  column('name', (l) => l.name),
  column('street', (l) => l.street),
  column('number', (l) => l.number),
  column('postal_code', (l) => l.postal_code),
  column('locality', (l) => l.locality),
  column('description', (l) => l.description),
  column('organization_id', (l) => l.organization_id),
  column('created_at', (l) => l.created_at),
]

const deviceColumns: CsvColumn<DeviceRow>[] = [
  column('device_id', (d) => d.device_id),
  column('name', (d) => d.name),
  column('device_type', (d) => d.type_description),
  column('manufacturer', (d) => d.manufacturer_name),
  column('serial', (d) => d.device_id_manufacturer),
  column('connected', (d, LL) => yesNo(d.connected, LL)),
  column('battery_level', (d) => d.battery_level),
  column('lock_state', (d, LL) =>
    d.lock_state === null ? '' : lockWords(LL)[d.lock_state === 'locked' ? 'locked' : 'unlocked'],
  ),
  column('location_id', (d) => d.location_id),
  column('location_name', (d) => d.place_location),
  column('floor', (d) => d.place_floor),
  column('room', (d) => d.place_room),
  column('door', (d) => d.place_door),
  column('organization_id', (d) => d.organization_id),
  column('description', (d) => d.description),
  column('created_at', (d) => d.created_at),
]

const credentialColumns: CsvColumn<Credential>[] = [
  column('credential_id', (c) => c.credential_id),
  column('user_id', (c) => c.user_id),
  column('user_email', (c) => c.user_email),
  column('assignment_type', (c) => c.assignment_type),
  column('assignment_id', (c) => c.assignment_id),
  column('assignment_name', (c) => c.assignment_name),
  column('start_datetime', (c) => c.start_datetime),
  column('end_datetime', (c) => c.end_datetime),
  column('permanent', (c, LL) => yesNo(c.permanent, LL)),
  column('exclusive', (c, LL) => yesNo(c.exclusive, LL)),
  column('repetition', (c) => (c.repetition === null ? '' : JSON.stringify(c.repetition))),
  column('organization_id', (c) => c.organization_id),
  column('created_at', (c) => c.created_at),
]

/** The fields the audit log's columns read: only these are selected. */
const auditFields =
  'audit_id, created_at, device_id, device_name, command, result, user_id, actor_email, detail, organization_id'

/** A column of the audit log's file, its cell written by the database (SqlCsvColumn). */
const sqlColumn = (key: ColumnKey, sql: SqlCsvColumn['sql']): SqlCsvColumn => ({
  header: (LL) => LL.csv.columns[key](),
  sql,
})
const id = (field: string) => () => `b.${field}`
const text = (field: string) => () => `csv_cell(b.${field})`

/**
 * The audit log's file, a million rows, written by the database (server/http/list-keyset.ts,
 * csvBatch): the values as the screen shows them — the time in the API's form (UTC,
 * milliseconds), the command and result in the reader's words.
 */
const auditColumns: SqlCsvColumn[] = [
  sqlColumn('audit_id', id('audit_id')),
  sqlColumn(
    'at',
    () => `to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  ),
  sqlColumn('device_id', id('device_id')),
  sqlColumn('device_name', text('device_name')),
  sqlColumn('command', (LL, param) => {
    const words = Object.fromEntries(auditCommands.map((c) => [c, commandWord(LL, c)]))
    return `csv_cell(coalesce(${param(JSON.stringify(words))}::jsonb ->> b.command, b.command))`
  }),
  sqlColumn('result', (LL, param) => {
    const { success, failure } = resultWords(LL)
    return `csv_cell(case when b.result = 'success' then ${param(success)}::text else ${param(failure)}::text end)`
  }),
  sqlColumn('user_id', id('user_id')),
  sqlColumn('actor_email', text('actor_email')),
  sqlColumn('detail', text('detail')),
  sqlColumn('organization_id', id('organization_id')),
]

const journalColumns: CsvColumn<JournalEntry>[] = [
  column('journal_id', (j) => j.journal_id),
  column('at', (j) => j.at),
  column('actor_id', (j) => j.actor_id),
  column('actor_email', (j) => j.actor_email),
  column('action', (j, LL) => actionWord(LL, j.action)),
  column('target_type', (j, LL) => targetTypeWord(LL, j.target_type)),
  column('target_id', (j) => j.target_id),
  column('target_name', (j) => j.target_name),
  column('organization_id', (j) => j.organization_id),
  column('client_address', (j) => j.client_address),
  column('request_id', (j) => j.request_id),
  column('changes', (j) => JSON.stringify(j.changes)),
]

/** A list's export: its permission, query struct, list and columns. */
function listExport<K extends string, R extends object, Q extends ListQuery<K>, S>(
  s: Services,
  resource: Resource,
  what: string,
  struct: Struct<Q, S>,
  spec: (limit: number | null, query: Q) => ListSpec<K>,
  columns: readonly CsvColumn<R>[],
): Handler<AppEnv> {
  return async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, resource, 'read'), p)
    const list = query(c, struct)
    const listSpec = spec(limit, list)
    await freshCheckForLarge(c, s, listSpec, list.search)
    return csvResponse(c, s, { what, spec: listSpec, query: list, columns })
  }
}

/**
 * An export of more than STEP_UP_EXPORT_ROWS rows is decisive (decision 077): it needs a fresh
 * check. The rows are counted up to one past the bound, so a million-row log costs no full count.
 */
export async function freshCheckForLarge(
  c: Context<AppEnv>,
  s: Services,
  spec: Pick<ListSpec<string>, 'from' | 'where' | 'params' | 'searchColumns' | 'phrase'>,
  search: string,
): Promise<void> {
  const { filtered, params } = searched(spec, search)
  const [row] = await s.db.query<{ n: number }>(
    `select count(*)::int as n from (select 1 from ${spec.from} where ${filtered}
       limit ${STEP_UP_EXPORT_ROWS + 1}) t`,
    params,
  )
  if ((row?.n ?? 0) > STEP_UP_EXPORT_ROWS) requireFreshCheck(c, s)
}

/**
 * GET <list>/export.csv for every list: the list's own parameters (sort, search, filters; start
 * and length are ignored), its permission and organization scope, streamed in keyset batches
 * (server/http/csv-export.ts). Registered before the resources' `/:id` routes, which would
 * otherwise take `export.csv` for an id.
 */
export function registerExports(app: App, s: Services) {
  app.get(
    exportPaths.organizations,
    listExport(
      s,
      'organizations',
      'organizations',
      OrganizationListQuery,
      organizationListSpec,
      organizationColumns,
    ),
  )
  app.get(
    exportPaths.users,
    listExport(s, 'users', 'users', UserListQuery, userExportSpec, userColumns),
  )
  app.get(
    exportPaths.locations,
    listExport(s, 'locations', 'locations', LocationListQuery, locationListSpec, locationColumns),
  )
  app.get(
    exportPaths.devices,
    listExport(s, 'devices', 'devices', DeviceListQuery, deviceListSpec, deviceColumns),
  )
  app.get(
    exportPaths.credentials,
    listExport(
      s,
      'credentials',
      'credentials',
      CredentialListQuery,
      credentialListSpec,
      credentialColumns,
    ),
  )

  // The log as it stood when the export began (or at `upto`, the screen's bound): entries
  // written meanwhile are not chased to the end of the file.
  app.get(exportPaths.audits, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const { upto, device_id, door_id, ...list } = query(c, AuditListQuery)
    const spec = boundedSpec(limit, upto ?? (await scopeTotal(s.db, limit)))
    narrow(spec.where, spec.params, { device_id, door_id })
    await freshCheckForLarge(c, s, spec, list.search)
    return csvResponse(c, s, {
      what: 'audit-log',
      spec: { ...spec, select: auditFields },
      query: list,
      columns: auditColumns,
    })
  })

  app.get(exportPaths.journal, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'journal', 'read'), p)
    const { list, ...filters } = journalQuery(c)
    const spec = await journalListSpec(s.db, limit, filters)
    await freshCheckForLarge(c, s, spec, list.search)
    return csvResponse(c, s, {
      what: 'journal',
      spec,
      query: list,
      columns: journalColumns,
    })
  })
}
