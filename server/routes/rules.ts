import {
  RULES_PATH,
  AccessRuleInput,
  AccessRuleListQuery,
  AccessRuleUpdate,
  ruleSortKeys,
  type AccessRule,
  type RuleTargetInput,
} from '../../src/contract/access-model'
import { inScope } from '../../src/contract/permissions'
import type { App, Services } from '../context'
import type { Prepared, Queryable } from '../db/database'
import { byName, changeRow, writeJournal } from '../db/journal'
import { lockOwnRows, lockRow } from '../db/locks'
import { conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, parse, query } from '../http/validate'

// Access rules (decision 065): groups may open places (a target covers everything under it) on a
// schedule, within a window. Stored with targets as 'type:id' text, so the rules covering a place
// are one array overlap on a GIN index (migration 023); the API speaks [{type, id}] and answers
// each target's name today ('' when it is gone).

const targetName = `coalesce(case split_part(t.target, ':', 1)
    when 'location' then (select name from locations where location_id = split_part(t.target, ':', 2)::int)
    when 'floor' then (select name from floors where floor_id = split_part(t.target, ':', 2)::int)
    when 'room' then (select name from rooms where room_id = split_part(t.target, ':', 2)::int)
    when 'door' then (select name from doors where door_id = split_part(t.target, ':', 2)::int)
    when 'device' then (select name from devices where device_id = split_part(t.target, ':', 2)::int)
  end, '')`

const select = `r.rule_id, r.organization_id, r.name, r.group_ids,
  coalesce((select json_agg(json_build_object('type', split_part(t.target, ':', 1),
                                              'id', split_part(t.target, ':', 2)::int,
                                              'name', ${targetName}) order by t.n)
            from unnest(r.targets) with ordinality as t(target, n)), '[]'::json) as targets,
  r.schedule_id, r.valid_from, r.valid_until, r.created_at, r.updated_at`

async function findRule(q: Queryable, id: number) {
  const [row] = await q.query<AccessRule>(
    `select ${select} from access_rules r where r.rule_id = $1`,
    [id],
  )
  return row
}

const sortColumns: Record<(typeof ruleSortKeys)[number], string> = {
  rule_id: 'r.rule_id',
  name: 'lower(r.name)',
  created_at: 'r.created_at',
}

const ruleListSpec = (limit: number | null): ListSpec<(typeof ruleSortKeys)[number]> => ({
  select,
  from: 'access_rules r',
  where: limit === null ? [] : ['r.organization_id = $1'],
  params: limit === null ? [] : [limit],
  searchColumns: ['r.name'],
  sortColumns,
  tiebreak: 'r.rule_id',
})

/**
 * The rule as the journal records it: targets as [{type, id}] without today's names, so that a
 * rule renamed nowhere but whose door was renamed has no change.
 */
const journaled = (rule: AccessRule | undefined) =>
  rule === undefined
    ? null
    : { ...rule, targets: rule.targets.map(({ type, id }) => ({ type, id })) }

const stored = (targets: readonly RuleTargetInput[]) => targets.map((t) => `${t.type}:${t.id}`)

const strangers: Prepared = {
  name: 'access_rules_stranger_targets',
  text: `select t.target from unnest($1::text[]) with ordinality as t(target, n)
     where not exists (
       select 1 from (
         select organization_id from locations
           where split_part(t.target, ':', 1) = 'location' and location_id = split_part(t.target, ':', 2)::int
         union all select organization_id from floors
           where split_part(t.target, ':', 1) = 'floor' and floor_id = split_part(t.target, ':', 2)::int
         union all select organization_id from rooms
           where split_part(t.target, ':', 1) = 'room' and room_id = split_part(t.target, ':', 2)::int
         union all select organization_id from doors
           where split_part(t.target, ':', 1) = 'door' and door_id = split_part(t.target, ':', 2)::int
         union all select organization_id from devices
           where split_part(t.target, ':', 1) = 'device' and device_id = split_part(t.target, ':', 2)::int
       ) owner where owner.organization_id = $2)
     order by t.n`,
}

/** What a rule names, checked against its organization; each refusal a 409 naming its field. */
async function checkReferences(
  q: Queryable,
  organizationId: number,
  rule: { group_ids: number[]; targets: RuleTargetInput[]; schedule_id: number | null },
) {
  const groups = await lockOwnRows(q, 'access_groups', rule.group_ids, organizationId)
  if (groups.length > 0)
    throw conflict(
      `These are not groups of the rule's organization: ${groups.join(', ')}.`,
      'group_ids',
      'conflict',
      { subject: 'group', group_ids: groups.join(', ') },
    )
  const schedules =
    rule.schedule_id === null
      ? []
      : await lockOwnRows(q, 'schedules', [rule.schedule_id], organizationId)
  if (schedules.length > 0)
    throw conflict(
      `Schedule ${rule.schedule_id} is not one of the rule's organization.`,
      'schedule_id',
      'conflict',
      { subject: 'schedule', schedule_id: rule.schedule_id ?? 0 },
    )
  const places = await q.query<{ target: string }>(strangers, [
    stored(rule.targets),
    organizationId,
  ])
  if (places.length > 0) {
    const list = places.map((p) => p.target).join(', ')
    throw conflict(
      `These places are not the rule's organization's: ${list}.`,
      'targets',
      'conflict',
      { subject: 'target', targets: list },
    )
  }
}

/** A rule's fields as written: those of the input. */
const values = (input: AccessRuleInput) => [
  input.name.trim(),
  input.group_ids,
  stored(input.targets),
  input.schedule_id ?? null,
  input.valid_from ?? null,
  input.valid_until ?? null,
]

const toInput = (rule: AccessRule): AccessRuleInput => ({
  name: rule.name,
  group_ids: rule.group_ids,
  targets: rule.targets.map(({ type, id }) => ({ type, id })),
  schedule_id: rule.schedule_id,
  valid_from: rule.valid_from,
  valid_until: rule.valid_until,
})

export function registerRules(app: App, s: Services) {
  app.get(RULES_PATH, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'access_rules', 'read'), p)
    return c.json(await listPage(s.db, ruleListSpec(limit), query(c, AccessRuleListQuery)))
  })

  app.get(`${RULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'access_rules', 'read')
    return c.json(ensureInScope(scope, p, await findRule(s.db, idParam(c)), 'Rule'))
  })

  app.post(RULES_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'access_rules', 'create')
    const input = await jsonBody(c, AccessRuleInput)
    const organizationId = input.organization_id ?? p.organizationId
    if (!inScope(scope, p.organizationId, organizationId)) throw notFound('Organization')
    const created = await s.db.tx(async (q) => {
      if (!(await lockRow(q, 'organizations', organizationId, 'key share')))
        throw notFound('Organization')
      await checkReferences(q, organizationId, {
        group_ids: input.group_ids,
        targets: input.targets,
        schedule_id: input.schedule_id ?? null,
      })
      const [row] = await q.query<{ rule_id: number }>(
        `insert into access_rules (name, group_ids, targets, schedule_id, valid_from, valid_until,
           organization_id)
         values ($1, $2, $3, $4, $5, $6, $7) returning rule_id`,
        [...values(input), organizationId],
      )
      const ruleId = row?.rule_id ?? 0
      const rule = await findRule(q, ruleId)
      await writeJournal(
        q,
        journalSource(c),
        changeRow('access_rule', ruleId, null, journaled(rule), byName),
      )
      return rule
    })
    return c.json(created, 201)
  })

  app.put(`${RULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'access_rules', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, AccessRuleUpdate)
    const updated = await s.db.tx(async (q) => {
      // Locked first: concurrent edits take turns, each merging its fields into the other's
      // result, so none is lost; a DELETE waits.
      await lockRow(q, 'access_rules', id, 'update')
      const rule = ensureInScope(scope, p, await findRule(q, id), 'Rule')
      const input = parse({ ...toInput(rule), ...patch }, AccessRuleInput)
      await checkReferences(q, rule.organization_id, {
        group_ids: input.group_ids,
        targets: input.targets,
        schedule_id: input.schedule_id ?? null,
      })
      await q.query(
        `update access_rules set name = $1, group_ids = $2, targets = $3, schedule_id = $4,
           valid_from = $5, valid_until = $6, updated_at = now()
         where rule_id = $7`,
        [...values(input), id],
      )
      const after = await findRule(q, id)
      await writeJournal(
        q,
        journalSource(c),
        changeRow('access_rule', id, journaled(rule), journaled(after), byName),
      )
      return after
    })
    return c.json(updated)
  })

  app.delete(`${RULES_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'access_rules', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      await lockRow(q, 'access_rules', id, 'update')
      const rule = ensureInScope(scope, p, await findRule(q, id), 'Rule')
      await q.query('delete from access_rules where rule_id = $1', [id])
      await writeJournal(
        q,
        journalSource(c),
        changeRow('access_rule', id, journaled(rule), null, byName),
      )
    })
    return c.body(null, 204)
  })
}
