import { alertEventTypes, incidentStates, resolutions, severities } from './alerts'
import { auditCommands, auditDetailCodes, auditResults } from './audits'
import { capabilityIds, deviceTypeIds } from './devices'
import { errorCodes } from './errors'
import { denialReasons } from './pin-entry'
import { ruleCodes } from './rules'
import { webhookDisabledReasons, webhookMessageStates, webhookOutcomes } from './webhooks'

/** The roles the server seeds; roles added later arrive as ids the console words as best it can. */
export const seededRoles = ['admin', 'org_admin', 'staff', 'auditor'] as const
export type SeededRole = (typeof seededRoles)[number]

/**
 * Every code the server answers where a person reads the result, by kind: a client words each in
 * its own language and keeps the server's English only as the fallback for a code newer than
 * itself (docs/decisions/042-server-words-as-codes.md). The console's test walks this list.
 */
export const answerCodes = {
  deviceType: deviceTypeIds,
  capability: capabilityIds,
  auditCommand: auditCommands,
  auditResult: auditResults,
  auditDetail: auditDetailCodes,
  error: errorCodes,
  rule: ruleCodes,
  role: seededRoles,
  /** Why a PIN did not open (pin-entry's `denied_because`, an access_denied row's `reason`). */
  denialReason: denialReasons,
  /** Alerts (decision 079): what happened, how severe, where an incident stands, how it ended. */
  alertEvent: alertEventTypes,
  severity: severities,
  incidentState: incidentStates,
  resolution: resolutions,
  /** Webhooks (decision 081): a message's state, an attempt's outcome, why an endpoint is off. */
  webhookMessageState: webhookMessageStates,
  webhookOutcome: webhookOutcomes,
  webhookDisabledReason: webhookDisabledReasons,
} as const
export type AnswerCodeKind = keyof typeof answerCodes
