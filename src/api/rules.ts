import {
  AccessRule,
  RULES_PATH,
  type AccessRuleInput,
  type AccessRuleUpdate,
  type ruleSortKeys,
} from '../contract/access-model'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type RuleSort = (typeof ruleSortKeys)[number]

const RulePage = listOf(AccessRule)

export const ruleKeys = resourceKeys<RuleSort>('rules')

export function fetchRulePage(query: ListQuery<RuleSort>, signal?: AbortSignal) {
  return apiRequest(RulePage, { path: RULES_PATH, query, signal })
}

export function fetchRule(id: number, signal?: AbortSignal) {
  return apiRequest(AccessRule, { path: `${RULES_PATH}/${id}`, signal })
}

export function createRule(input: AccessRuleInput) {
  return apiRequest(AccessRule, { method: 'POST', path: RULES_PATH, json: input })
}

export function updateRule(id: number, input: AccessRuleUpdate) {
  return apiRequest(AccessRule, { method: 'PUT', path: `${RULES_PATH}/${id}`, json: input })
}

export function deleteRule(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `${RULES_PATH}/${id}` })
}

export const ruleList: ListSource<AccessRule, RuleSort> = {
  queryKey: ruleKeys.list,
  fetch: fetchRulePage,
}

export const ruleDetail = detailOptions(ruleKeys, fetchRule)
