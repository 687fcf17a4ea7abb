import {
  ALERT_RULES_PATH,
  AlertRuleInput,
  AlertRuleListQuery,
  alertRuleSortKeys,
  thresholdEventTypes,
  type AlertRule,
} from '../../src/contract/alerts'
import { inScope } from '../../src/contract/permissions'
import { object, optional } from '../../src/contract/struct'
import { Id } from '../../src/contract/fields'
import { placeOf } from '../alerts/events'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { byName, changeRow, writeJournal } from '../db/journal'
import { lockRow } from '../db/locks'
import { badField, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'

// Alert rules (decision 079): which events, where, after how long, how severe, to whom. Org
// admins write them in their organization; the journal keeps each change.

/** A create may name the organization (a global administrator's); an org admin's is their own. */
const AlertRuleCreate = object({ ...AlertRuleInput.schema, organization_id: optional(Id) })

const scopeName = `case r.scope_kind
    when 'organization' then (select name from organizations where organization_id = r.scope_id)
    when 'location' then (select name from locations where location_id = r.scope_id)
    when 'floor' then (select name from floors where floor_id = r.scope_id)
    when 'door' then (select name from doors where door_id = r.scope_id)
    when 'device' then (select name from devices where device_id = r.scope_id)
  end`

const select = `r.rule_id, r.organization_id, r.name, r.event_types, r.scope_kind, r.scope_id,
  coalesce(${scopeName}, '') as scope_name, r.threshold_s, r.severity, r.instructions, r.user_ids,
  r.group_ids, r.channels, r.created_at, r.updated_at`

interface RuleRow extends Omit<AlertRule, 'scope' | 'recipients'> {
  scope_kind: AlertRule['scope']['kind']
  scope_id: number
  scope_name: string
  user_ids: number[]
  group_ids: number[]
}

const ruleOf = ({ scope_kind, scope_id, scope_name, user_ids, group_ids, ...rest }: RuleRow) => ({
  ...rest,
  scope: { kind: scope_kind, id: scope_id, name: scope_name },
  recipients: { user_ids, group_ids },
})

/** The rule as the journal and the answer see it; the journal's fields are its columns. */
async function findRule(q: Queryable, id: number) {
  const [row] = await q.query<RuleRow>(`select ${select} from alert_rules r where r.rule_id = $1`, [
    id,
  ])
  return row
}

const sortColumns: Record<(typeof alertRuleSortKeys)[number], string> = {
  rule_id: 'r.rule_id',
  name: 'lower(r.name)',
  // info < warning < critical
  severity: `array_position(array['info', 'warning', 'critical'], r.severity)`,
  created_at: 'r.created_at',
}

const listSpec = (limit: number | null): ListSpec<(typeof alertRuleSortKeys)[number]> => ({
  select,
  from: 'alert_rules r',
  where: limit === null ? [] : ['r.organization_id = $1'],
  params: limit === null ? [] : [limit],
  searchColumns: ['r.name'],
  sortColumns,
  tiebreak: 'r.rule_id',
})

/** Ids of `ids` that are not rows of `table` in the organization. */
async function strangers(
  q: Queryable,
  table: 'users' | 'access_groups',
  ids: number[],
  org: number,
) {
  const key = table === 'users' ? 'user_id' : 'group_id'
  const found = await q.query<{ id: number }>(
    `select ${key} as id from ${table} where ${key} = any($1::int[]) and organization_id = $2`,
    [ids, org],
  )
  const known = new Set(found.map((r) => r.id))
  return ids.filter((id) => !known.has(id))
}

/** The references a rule makes, all in its organization; each refusal names its field. */
async function checkRule(q: Queryable, input: AlertRuleInput, org: number) {
  const threshold = input.threshold_s ?? 0
  if (threshold > 0 && !input.event_types.some((t) => thresholdEventTypes.includes(t)))
    throw badField(
      'threshold_s',
      `A threshold applies to ${thresholdEventTypes.join(' and ')} only.`,
      'invalid',
      { event_types: thresholdEventTypes.join(', ') },
    )
  const place = await placeOf(q, input.scope)
  if (!place || place.organization_id !== org)
    throw badField('scope.id', `No ${input.scope.kind} ${input.scope.id} in this organization.`)
  const users = await strangers(q, 'users', input.recipients.user_ids, org)
  if (users.length > 0)
    throw badField(
      'recipients.user_ids',
      `No user ${users.join(', ')} in this organization.`,
      'invalid',
      { user_ids: users.join(', ') },
    )
  const groups = await strangers(q, 'access_groups', input.recipients.group_ids, org)
  if (groups.length > 0)
    throw badField(
      'recipients.group_ids',
      `No group ${groups.join(', ')} in this organization.`,
      'invalid',
      { group_ids: groups.join(', ') },
    )
}

const values = (input: AlertRuleInput) => [
  input.name.trim(),
  input.event_types,
  input.scope.kind,
  input.scope.id,
  input.threshold_s ?? 0,
  input.severity,
  input.instructions ?? '',
  input.recipients.user_ids,
  input.recipients.group_ids,
  input.channels,
]

export function registerAlertRules(app: App, s: Services) {
  app.get(ALERT_RULES_PATH, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'alert_rules', 'read'), p)
    const page = await listPage<(typeof alertRuleSortKeys)[number], RuleRow>(
      s.db,
      listSpec(limit),
      query(c, AlertRuleListQuery),
    )
    return c.json({ ...page, data: page.data.map(ruleOf) })
  })

  app.get(`${ALERT_RULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'alert_rules', 'read')
    return c.json(ruleOf(ensureInScope(scope, p, await findRule(s.db, idParam(c)), 'Alert rule')))
  })

  app.post(ALERT_RULES_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'alert_rules', 'create')
    const input = await jsonBody(c, AlertRuleCreate)
    const org = input.organization_id ?? p.organizationId
    if (!inScope(scope, p.organizationId, org)) throw notFound('Organization')
    const created = await s.db.tx(async (q) => {
      await checkRule(q, input, org)
      const [row] = await q.query<{ rule_id: number }>(
        `insert into alert_rules (name, event_types, scope_kind, scope_id, threshold_s, severity,
           instructions, user_ids, group_ids, channels, organization_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning rule_id`,
        [...values(input), org],
      )
      if (!row) throw notFound('Organization')
      const rule = (await findRule(q, row.rule_id)) ?? null
      await writeJournal(
        q,
        journalSource(c),
        changeRow('alert_rule', row.rule_id, null, rule, byName),
      )
      return rule
    })
    return c.json(created && ruleOf(created), 201)
  })

  app.put(`${ALERT_RULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'alert_rules', 'update')
    const id = idParam(c)
    const input = await jsonBody(c, AlertRuleInput)
    const updated = await s.db.tx(async (q) => {
      await lockRow(q, 'alert_rules', id, 'update')
      const before = ensureInScope(scope, p, await findRule(q, id), 'Alert rule')
      await checkRule(q, input, before.organization_id)
      await q.query(
        `update alert_rules set name = $1, event_types = $2, scope_kind = $3, scope_id = $4,
           threshold_s = $5, severity = $6, instructions = $7, user_ids = $8, group_ids = $9,
           channels = $10, updated_at = now()
         where rule_id = $11`,
        [...values(input), id],
      )
      const after = (await findRule(q, id)) ?? null
      await writeJournal(q, journalSource(c), changeRow('alert_rule', id, before, after, byName))
      return after
    })
    return c.json(updated && ruleOf(updated))
  })

  app.delete(`${ALERT_RULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'alert_rules', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      await lockRow(q, 'alert_rules', id, 'update')
      const before = ensureInScope(scope, p, await findRule(q, id), 'Alert rule')
      // Its incidents stay, with its name and severity; its waiting thresholds go with it.
      await q.query('delete from alert_rules where rule_id = $1', [id])
      await writeJournal(q, journalSource(c), changeRow('alert_rule', id, before, null, byName))
    })
    return c.body(null, 204)
  })
}
