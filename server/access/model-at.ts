import type { RuleTargetInput } from '../../src/contract/access-model'
import type { Prepared, Queryable, Row } from '../db/database'
import { asTheyWere, byId, rewindFrom, type RewindRow } from '../db/rewind'
import { modelColumns, namedModel, type ModelRows, type NamedModel } from './evaluate'

// The rules, schedules, calendars and groups of an organization as they were at a past moment
// (decision 065, "Where it is computed"): today's rows with the journal's later changes undone, in
// JavaScript (server/db/rewind.ts). An organization has hundreds of them, so all are read and
// rewound; the members, thousands, are rewound in SQL with the credentials (server/db/access-at.ts).

const kinds = {
  rules: { table: 'access_rules', journal: 'access_rule', key: 'rule_id' },
  schedules: { table: 'schedules', journal: 'schedule', key: 'schedule_id' },
  calendars: { table: 'calendars', journal: 'calendar', key: 'calendar_id' },
  groups: { table: 'access_groups', journal: 'group', key: 'group_id' },
} as const
type Kind = keyof typeof kinds
const kindNames = Object.keys(kinds) as Kind[]

// One round trip: each kind's rows today and its journal rewind to the moment ($2).
const modelThen: Prepared = {
  name: 'access_model_then',
  text: `select ${kindNames
    .map((kind) => {
      const { table, journal, key } = kinds[kind]
      return `(select coalesce(json_agg(x order by ${key}), '[]') from (select ${modelColumns[kind]}
          from ${table} where organization_id = $1) x) as ${kind},
        (select coalesce(json_agg(r), '[]') from journal_rewind('${journal}', $2) r) as ${kind}_then`
    })
    .join(',\n')}`,
}

type ThenRows = Record<Kind, Row[]> & Record<`${Kind}_then`, RewindRow[]>

/**
 * A rule's targets as stored ('door:12'): the journal writes them as the API speaks them, [{type,
 * id}] (server/routes/rules.ts).
 */
const storedTargets = (targets: unknown): string[] =>
  (Array.isArray(targets) ? targets : []).map((t: unknown) =>
    typeof t === 'string'
      ? t
      : `${String((t as RuleTargetInput).type)}:${Number((t as RuleTargetInput).id)}`,
  )

function rowsThen(rows: ThenRows, kind: Kind, organizationId: number): Row[] {
  const { key } = kinds[kind]
  const then = asTheyWere(byId(rows[kind], key), rewindFrom(rows[`${kind}_then`]), key)
  // Another organization's objects changed since come back from the journal too: not ours.
  return [...then.values()]
    .filter((row) => Number(row.organization_id) === organizationId)
    .map((row) => (kind === 'rules' ? { ...row, targets: storedTargets(row.targets) } : row))
    .sort((a, b) => Number(a[key]) - Number(b[key]))
}

/** The organization's model as it was at `at` (every rule: the caller picks those it needs). */
export async function modelAt(q: Queryable, organizationId: number, at: Date): Promise<NamedModel> {
  const [rows] = await q.query<ThenRows>(modelThen, [organizationId, at.toISOString()])
  if (!rows) throw new Error('the model statement answered no row')
  const then = Object.fromEntries(
    kindNames.map((kind) => [kind, rowsThen(rows, kind, organizationId)]),
  ) as Record<Kind, Row[]>
  // The rows carry every column the statement read, in JSON's types, as today's do.
  return namedModel(then as unknown as ModelRows)
}
