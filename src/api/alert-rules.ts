import {
  ALERT_RULES_PATH,
  AlertRule,
  type AlertRuleInput,
  type alertRuleSortKeys,
} from '../contract/alerts'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type AlertRuleSort = (typeof alertRuleSortKeys)[number]

const AlertRulePage = listOf(AlertRule)

export const alertRuleKeys = resourceKeys<AlertRuleSort>('alert-rules')

export function fetchAlertRulePage(query: ListQuery<AlertRuleSort>, signal?: AbortSignal) {
  return apiRequest(AlertRulePage, { path: ALERT_RULES_PATH, query, signal })
}

export function fetchAlertRule(id: number, signal?: AbortSignal) {
  return apiRequest(AlertRule, { path: `${ALERT_RULES_PATH}/${id}`, signal })
}

export function createAlertRule(input: AlertRuleInput) {
  return apiRequest(AlertRule, { method: 'POST', path: ALERT_RULES_PATH, json: input })
}

export function updateAlertRule(id: number, input: AlertRuleInput) {
  return apiRequest(AlertRule, { method: 'PUT', path: `${ALERT_RULES_PATH}/${id}`, json: input })
}

export function deleteAlertRule(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `${ALERT_RULES_PATH}/${id}` })
}

export const alertRuleList: ListSource<AlertRule, AlertRuleSort> = {
  queryKey: alertRuleKeys.list,
  fetch: fetchAlertRulePage,
}

export const alertRuleDetail = detailOptions(alertRuleKeys, fetchAlertRule)
