import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { AnswerCodeKind } from '../contract/answer-codes'
import type { DetailParams } from '../contract/audits'
import { alertEventTypes, eventWordKey } from '../contract/alerts'
import { layerKinds } from '../contract/door-modes'
import type { ErrorBody } from '../contract/errors'

// The server's codes in the user's language (docs/decisions/042-server-words-as-codes.md). Each
// lookup takes the code as the server sent it, so a code newer than this console falls back to
// the server's own text instead of showing an id; answer-text.test.ts checks every known code.

type Words = (LL: TranslationFunctions) => Record<string, ((args?: never) => string) | undefined>

/** The word for `code` in `section`, or undefined when the console does not know the code. */
function lookup(section: Words, LL: TranslationFunctions, code: string): string | undefined {
  const table = section(LL)
  // Own keys only: a section is a function-like proxy, so `in` would find `name` and `length`.
  return Object.keys(table).includes(code) ? table[code]?.() : undefined
}

/**
 * Where each kind of code has its words. Rule codes are worded by the form layer
 * (ui/form/problem-text.ts), whose table the type checker holds complete.
 */
const sections: Record<Exclude<AnswerCodeKind, 'rule'>, Words> = {
  deviceType: (LL) => LL.answers.deviceType,
  capability: (LL) => LL.devices.capability,
  auditCommand: (LL) => LL.audits.commands,
  auditResult: (LL) => ({ success: LL.audits.success, failure: LL.audits.failure }),
  auditDetail: (LL) =>
    Object.fromEntries(
      Object.entries(details).map(([code, say]) => [code, () => say?.(LL, {}, String) ?? '']),
    ),
  error: (LL) => LL.answers.error,
  role: (LL) => LL.users.roleNames,
  denialReason: (LL) => LL.pinEntry.denied,
  alertEvent: (LL) =>
    Object.fromEntries(
      alertEventTypes.map((type) => [type, LL.answers.alertEvent[eventWordKey(type)]]),
    ),
  severity: (LL) => LL.answers.severity,
  incidentState: (LL) => LL.answers.incidentState,
  resolution: (LL) => LL.answers.resolution,
  webhookMessageState: (LL) => LL.answers.webhookMessageState,
  webhookOutcome: (LL) => LL.answers.webhookOutcome,
  webhookDisabledReason: (LL) => LL.answers.webhookDisabledReason,
}

/** The words for a code of `kind`, or undefined when the console has none. */
export function codeWords(
  LL: TranslationFunctions,
  kind: Exclude<AnswerCodeKind, 'rule'>,
  code: string,
): string | undefined {
  return lookup(sections[kind], LL, code)
}

const deviceTypes = sections.deviceType
const capabilities = sections.capability
const errors = sections.error

/** A device type's name; `description` is the server's, for a type newer than the console. */
export function deviceTypeName(
  LL: TranslationFunctions,
  type: { device_type_id: string; description: string },
): string {
  return lookup(deviceTypes, LL, type.device_type_id) ?? type.description
}

/** A capability's name, or its id for one newer than the console (the server sends no words). */
export function capabilityName(LL: TranslationFunctions, capability: string): string {
  return lookup(capabilities, LL, capability) ?? capability
}

/** Why a PIN did not open, in words; the code itself for one newer than the console. */
export function denialReasonText(LL: TranslationFunctions, reason: string): string {
  return lookup(sections.denialReason, LL, reason) ?? reason
}

/** What the server's error code means, or undefined for a code newer than the console. */
export function errorCodeText(LL: TranslationFunctions, code: string): string | undefined {
  return lookup(errors, LL, code)
}

/** An audit entry's detail as the server coded it: its English, its code and the parameters. */
export interface CodedDetail {
  detail: string
  detail_code: string | null
  detail_params: DetailParams
}

/** Formats an ISO moment for the reader. */
export type TimeFormat = (iso: string) => string
type SayDetail = (LL: TranslationFunctions, params: DetailParams, time: TimeFormat) => string

const details: Record<string, SayDetail | undefined> = {
  device_not_connected: (LL) => LL.answers.auditDetail.device_not_connected(),
  capability_missing: (LL, p) =>
    LL.answers.auditDetail.capability_missing({
      capability: capabilityName(LL, String(p.capability ?? '')),
    }),
  pin_window: (LL, p, time) => {
    // A moment the server wrote in a form Date cannot read is shown as it came.
    const at = (value: string | number | undefined) => {
      const iso = String(value ?? '')
      return Number.isNaN(Date.parse(iso)) ? iso : time(iso)
    }
    return LL.answers.auditDetail.pin_window({ start: at(p.start), end: at(p.end) })
  },
  lockdown: (LL, p) => LL.answers.auditDetail.lockdown({ id: String(p.lockdown_id ?? '') }),
  lockdown_lock: (LL, p) =>
    LL.answers.auditDetail.lockdown_lock({ id: String(p.lockdown_id ?? '') }),
  lockdown_override: (LL, p) =>
    LL.answers.auditDetail.lockdown_override({ id: String(p.lockdown_id ?? '') }),
  access_granted: (LL, p) =>
    p.credential_id === undefined
      ? LL.answers.auditDetail.access_granted_rule({
          email: String(p.email ?? ''),
          rule: String(p.rule_name ?? ''),
          group: String(p.group_name ?? ''),
        })
      : LL.answers.auditDetail.access_granted_credential({
          email: String(p.email ?? ''),
          id: String(p.credential_id),
        }),
  access_denied: (LL, p) => {
    const reason = denialReasonText(LL, String(p.reason ?? ''))
    return p.email === undefined
      ? LL.answers.auditDetail.access_denied({ reason })
      : LL.answers.auditDetail.access_denied_person({ email: String(p.email), reason })
  },
  battery_level: (LL, p) => LL.answers.auditDetail.battery_level({ level: String(p.level ?? '') }),
  door_mode: (LL, p) => {
    const kinds = LL.answers.doorModeLayer
    const kind = layerKinds.find((k) => k === p.layer)
    const layer = kind === undefined ? String(p.layer ?? '') : kinds[kind]()
    return p.opened_by === undefined
      ? LL.answers.auditDetail.door_mode({ layer })
      : LL.answers.auditDetail.door_mode_opened({
          layer,
          user: String(
            p.opened_by_email ?? LL.answers.auditDetail.door_mode_user({ id: String(p.opened_by) }),
          ),
        })
  },
}

/**
 * An audit entry's detail in words: by its code, with `time` formatting the moments it names;
 * the server's text for a code the console does not know; '' when there is nothing to say.
 */
export function auditDetailText(
  LL: TranslationFunctions,
  detail: CodedDetail,
  time: TimeFormat,
): string {
  const say = detail.detail_code === null ? undefined : details[detail.detail_code]
  return say ? say(LL, detail.detail_params, time) : detail.detail
}

/**
 * A 409 `lockdown` refusal (a command, an offline code): "Refused: lockdown of Acme HQ started by
 * admin@demo.local at 10:14."
 */
export function lockdownRefusalText(
  LL: TranslationFunctions,
  params: Readonly<Record<string, string | number>>,
): string {
  return LL.lockdown.refusals.lockdown({
    scope: String(params.scope_name ?? ''),
    email: String(params.started_by ?? ''),
    at: String(params.started_at ?? ''),
  })
}

/**
 * Why a device command (or an offline code) was refused, from the server's error body: its
 * code and parameters in words, the server's message for a code the console does not know, null
 * without a body (the command never got an answer; errorText words that).
 */
export function commandFailureText(
  LL: TranslationFunctions,
  body: ErrorBody | null | undefined,
): string | null {
  if (!body) return null
  const capability = body.params?.capability
  if (body.error === 'capability_missing' && capability !== undefined)
    return LL.answers.capabilityMissing({ capability: capabilityName(LL, String(capability)) })
  if (body.rule === 'lockdown') return lockdownRefusalText(LL, body.params ?? {})
  if (body.rule === 'no_permission' && body.params?.permissions !== undefined)
    return LL.answers.noPermission({ permissions: String(body.params.permissions) })
  return errorCodeText(LL, body.error) ?? body.message
}
